import type { Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

/**
 * What stays of a submission its respondent erased (decision 031): for the owner, that submission #N
 * of the form was erased and when; for the respondent, the hashes of their links, so an old link says
 * "erased" rather than "unknown". Nothing of what they sent.
 */
const submissionErasureSchema = new Schema(
  {
    teamId: { type: Number, required: true },
    formId: { type: Schema.Types.ObjectId, required: true, index: true },
    submissionNumber: { type: Number, default: null },
    erasedAt: { type: Date, required: true },
    tokenHashes: { type: [String], required: true, index: true },
  },
  { versionKey: false, collection: 'submission_erasures' },
);

export type SubmissionErasureRecord = {
  _id: Types.ObjectId;
  teamId: number;
  formId: Types.ObjectId;
  submissionNumber: number | null;
  erasedAt: Date;
  tokenHashes: string[];
};
export const SubmissionErasureModel = model('SubmissionErasure', submissionErasureSchema);
