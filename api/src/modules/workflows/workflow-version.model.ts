import type { WorkflowGraph } from '@formwerk/contracts';
import type { InferSchemaType, Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

/**
 * A published version: never changed, so instances that started on it run on it to their end, and
 * each api process may keep it once read. It outlives its workflow's deletion for the same reason.
 */
const workflowVersionSchema = new Schema({
  workflowId: { type: Schema.Types.ObjectId, required: true },
  teamId: { type: Number, required: true },
  version: { type: Number, required: true },
  name: { type: String, required: true },
  graph: { type: Schema.Types.Mixed, required: true },
  publishedAt: { type: Date, required: true },
  /** The publisher's name as it was then. */
  publishedBy: { type: String, required: true },
});
// Two publishes of one draft at once: one of them gets the number.
workflowVersionSchema.index({ workflowId: 1, version: 1 }, { unique: true });

export type WorkflowVersion = Omit<InferSchemaType<typeof workflowVersionSchema>, 'graph'> & {
  _id: Types.ObjectId;
  graph: WorkflowGraph;
};
export const WorkflowVersionModel = model('WorkflowVersion', workflowVersionSchema);
