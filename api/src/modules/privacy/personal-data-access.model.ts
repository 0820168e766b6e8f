import type { Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

/**
 * A respondent's private link to one submission (decision 031). The `_id` is the SHA-256 of the link's
 * token, so a link is found by equality on the primary key and a leaked database opens nothing. A
 * retried fill gets a link of its own; erasing the submission removes all of them by `submissionId`.
 */
const personalDataAccessSchema = new Schema(
  {
    _id: { type: String, required: true },
    submissionId: { type: Schema.Types.ObjectId, required: true, index: true },
    formId: { type: Schema.Types.ObjectId, required: true },
    teamId: { type: Number, required: true },
  },
  { versionKey: false, timestamps: { createdAt: true, updatedAt: false }, collection: 'personal_data_accesses' },
);

export type PersonalDataAccess = {
  _id: string;
  submissionId: Types.ObjectId;
  formId: Types.ObjectId;
  teamId: number;
  createdAt: Date;
};
export const PersonalDataAccessModel = model('PersonalDataAccess', personalDataAccessSchema);
