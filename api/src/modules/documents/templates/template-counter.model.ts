import { model, Schema } from '../../../platform/db';

// The numbering of a team's templates, `_id` being the team id: `seq` numbers given (templates carry
// theirs), `count` templates stored now, `deletedPerBlock` per block of 100 numbers how many are gone.
// A page of the list is planned from these alone (platform/block-paging.ts), as the library's.
const templateCounterSchema = new Schema(
  {
    _id: { type: Number, required: true },
    seq: { type: Number, default: 0 },
    count: { type: Number, default: 0 },
    deletedPerBlock: { type: Schema.Types.Mixed, default: {} },
  },
  { minimize: false, versionKey: false },
);

export type TemplateCounter = { _id: number; seq: number; count: number; deletedPerBlock: Record<string, number> };
export const TemplateCounterModel = model(
  'DocumentTemplateCounter',
  templateCounterSchema,
  'document_template_counters',
);
