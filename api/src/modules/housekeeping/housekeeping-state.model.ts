import type { InferSchemaType } from 'mongoose';
import { model, Schema } from '../../platform/db';

// One document per housekeeping task, found by its _id: what was done last, so a run after downtime
// continues where the previous one stopped.
const housekeepingStateSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** The last hour whose expiring documents were removed (see platform/expiring-documents.ts). */
    lastHour: { type: Number, required: true },
    /** When set, the hour from which one more full sweep is due (after the first). */
    sweepAgainFromHour: { type: Number, default: null },
  },
  { timestamps: true },
);

export type HousekeepingState = InferSchemaType<typeof housekeepingStateSchema>;
export const HousekeepingStateModel = model('HousekeepingState', housekeepingStateSchema);
