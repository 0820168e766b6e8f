import type { InferSchemaType, Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

/**
 * A user's absence from approving (one per user, `_id` = the user's id): while it lasts, new tasks of
 * the workflows named (none named: all) go to the delegate, who decides "for" the absent user.
 */
const absenceSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    teamId: { type: Number, required: true },
    from: { type: Date, required: true },
    until: { type: Date, required: true },
    delegateUserId: { type: Schema.Types.ObjectId, required: true },
    workflowIds: { type: [Schema.Types.ObjectId], default: [] },
    /** Tasks already open when the absence was saved went to the delegate too. */
    includeOpen: { type: Boolean, required: true, default: false },
  },
  { timestamps: true, versionKey: false },
);

export type Absence = InferSchemaType<typeof absenceSchema> & { _id: Types.ObjectId };
export const AbsenceModel = model('Absence', absenceSchema);
