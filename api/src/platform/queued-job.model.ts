import type { InferSchemaType } from 'mongoose';
import { model, Schema } from './db';

/**
 * One job of the queue (jobs.ts). Every way the worker finds a job is an equality lookup on an index,
 * the only lookup FerretDB answers without reading the whole collection (decision 017):
 * - `due` is the second (counted from 1970) from which a waiting job may run, 0 for "as soon as
 *   possible"; a job that runs or failed for good has none;
 * - `leaseMinute` is the minute in which the lease of a running job ends, and `claim` tells the
 *   worker that took it from one that lost its lease meanwhile.
 */
const queuedJobSchema = new Schema(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    data: { type: Schema.Types.Mixed, default: {} },
    due: { type: Number, index: true },
    leaseMinute: { type: Number, index: true },
    claim: { type: String },
    /** Failed runs so far; a repeating job counts none. */
    attempts: { type: Number, required: true, default: 0 },
    failReason: { type: String },
    failedAt: { type: Date },
  },
  // `data: {}` stays stored as given.
  { versionKey: false, minimize: false, collection: 'queuedjobs' },
);

export type QueuedJob = InferSchemaType<typeof queuedJobSchema>;
export const QueuedJobModel = model('QueuedJob', queuedJobSchema);
