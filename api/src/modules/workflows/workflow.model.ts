import type { WorkflowGraph } from '@formwerk/contracts';
import type { InferSchemaType, Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

/** A team's workflow definition: the draft being edited, and which of its versions is live. */
const workflowSchema = new Schema(
  {
    teamId: { type: Number, required: true, index: true },
    name: { type: String, required: true },
    description: { type: String, default: '' },
    /** The draft graph as the contract's schema validated it. */
    graph: { type: Schema.Types.Mixed, required: true },
    /** Raised by every save of the draft; a save names the revision it was based on. */
    revision: { type: Number, required: true, default: 0 },
    /** The newest published version, and the draft revision it was made from. */
    publishedVersion: { type: Number, default: null },
    publishedRevision: { type: Number, default: null },
    /** The forms whose new submissions start it; each form has at most one (its `workflowId`). */
    formIds: { type: [Schema.Types.ObjectId], default: [] },
    createdBy: { type: Schema.Types.ObjectId, required: true },
  },
  { timestamps: true, minimize: false },
);

export type Workflow = Omit<InferSchemaType<typeof workflowSchema>, 'graph'> & {
  _id: Types.ObjectId;
  graph: WorkflowGraph;
  createdAt: Date;
  updatedAt: Date;
};
export const WorkflowModel = model('Workflow', workflowSchema);
