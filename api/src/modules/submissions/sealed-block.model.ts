import type { mongo, Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

// A copy of a full block of a form's submissions (100 numbers, submission-numbering.ts) in one
// document: FerretDB v1 turns every document it reads into Go values and back, about 0.1–0.2 ms of its
// CPU each, so reading 100 000 submissions one by one (an export) takes it over ten seconds, while the
// same rows as 1 000 documents of one binary value each take a fraction of that (bench/database.mjs).
// - `_id`: `<formId>:<block>`, read by that equality alone;
// - `removals`: the form counter's `deletedPerBlock` of the block when the copy was made. Removals only
//   ever grow, so a copy is current exactly while they are still the same (sealed-blocks.ts);
// - `rows`: the block's submissions as stored, as BSON ({ rows: [...] }), read back as a find would.
const sealedBlockSchema = new Schema(
  {
    _id: { type: String, required: true },
    formId: { type: Schema.Types.ObjectId, required: true, index: true },
    removals: { type: Number, required: true },
    rows: { type: Buffer, required: true },
  },
  { versionKey: false },
);

export type SealedBlock = { _id: string; formId: Types.ObjectId; removals: number; rows: mongo.Binary };

export const SealedBlockModel = model('SealedBlock', sealedBlockSchema, 'sealed_submission_blocks');
