import { model, Schema } from '../../platform/db';

// The numbering of a team's library, `_id` being the team id: `seq` numbers given (documents carry
// theirs), `count` documents stored now, `deletedPerBlock` per block of 100 numbers how many are gone.
// A page is planned from these alone (submission-numbering.ts), as for submissions.
const documentCounterSchema = new Schema(
  {
    _id: { type: Number, required: true },
    seq: { type: Number, default: 0 },
    count: { type: Number, default: 0 },
    deletedPerBlock: { type: Schema.Types.Mixed, default: {} },
  },
  { minimize: false, versionKey: false },
);

export type DocumentCounter = { _id: number; seq: number; count: number; deletedPerBlock: Record<string, number> };
export const DocumentCounterModel = model('DocumentCounter', documentCounterSchema, 'document_counters');
