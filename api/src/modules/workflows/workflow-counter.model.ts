import type { InferSchemaType } from 'mongoose';
import { model, Schema } from '../../platform/db';

/**
 * How many instances of a workflow are running, in a small document of its own (decision 4 of
 * ARCHITECTURE.md: counters users see are stored, never counted), moved by the start and the end of
 * each instance.
 */
const workflowCounterSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    teamId: { type: Number, required: true, index: true },
    running: { type: Number, required: true, default: 0 },
  },
  { versionKey: false },
);

export type WorkflowCounter = InferSchemaType<typeof workflowCounterSchema>;
export const WorkflowCounterModel = model('WorkflowCounter', workflowCounterSchema);
