import type { InferSchemaType, Types } from 'mongoose';
import { model, Schema } from '../../platform/db';
import { expiresHourField } from '../../platform/expiring-documents';

const sessionSchema = new Schema(
  {
    // SHA-256 of the token: a leaked database does not yield usable tokens.
    tokenHash: { type: String, required: true, unique: true },
    userId: { type: Schema.Types.ObjectId, required: true, index: true },
    teamId: { type: Number, required: true },
    isRemembered: { type: Boolean, required: true },
    expiresAt: { type: Date, required: true },
    // The key the housekeeping job removes expired sessions by (platform/expiring-documents.ts).
    expiresHour: expiresHourField,
    lastUsedAt: { type: Date, required: true },
    userAgent: { type: String, default: '' },
    revokedAt: { type: Date, default: null },
  },
  { timestamps: true },
);

export type Session = InferSchemaType<typeof sessionSchema> & { _id: Types.ObjectId };
export const SessionModel = model('Session', sessionSchema);
