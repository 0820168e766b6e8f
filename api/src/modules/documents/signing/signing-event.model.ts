import type { Types } from 'mongoose';
import { model, Schema } from '../../../platform/db';
import type { AuditEventData } from '../sealing/audit-trail';

/**
 * The audit trail of signing requests, append-only: one document per event, numbered 1, 2, 3 … per
 * request (`seq`, unique with the request), each carrying the hash of the one before (audit-trail.ts).
 * `_id` is `<requestId>:<key>`, the key naming the one thing that happened (`signed:<recipient>`), so
 * an event appended twice (a retried job, a repaired follow-up) is stored once.
 */
const signingEventSchema = new Schema(
  {
    _id: { type: String, required: true },
    requestId: { type: Schema.Types.ObjectId, required: true },
    seq: { type: Number, required: true },
    /** What happened, exactly as hashed: JSON values only, times as ISO strings. */
    data: { type: Schema.Types.Mixed, required: true },
    prevHash: { type: String, default: null },
    hash: { type: String, required: true },
  },
  { versionKey: false, minimize: false },
);
// Two appends racing for the same number: one is stored, the other reads the trail again and follows it.
signingEventSchema.index({ requestId: 1, seq: 1 }, { unique: true });

export type StoredSigningEvent = {
  _id: string;
  requestId: Types.ObjectId;
  seq: number;
  data: AuditEventData;
  prevHash: string | null;
  hash: string;
};
export const SigningEventModel = model('SigningEvent', signingEventSchema, 'signing_events');
