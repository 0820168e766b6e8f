import { model, Schema } from '../../../platform/db';

// The numbering of a team's signing requests, `_id` being the team id: `seq` numbers given (requests
// carry theirs), `count` requests stored, `deletedPerBlock` per block of 100 numbers how many are gone
// (a number taken by a request whose sending failed). A page is planned from these alone (block-paging.ts).
const signingCounterSchema = new Schema(
  {
    _id: { type: Number, required: true },
    seq: { type: Number, default: 0 },
    count: { type: Number, default: 0 },
    deletedPerBlock: { type: Schema.Types.Mixed, default: {} },
  },
  { minimize: false, versionKey: false },
);

export type SigningCounter = { _id: number; seq: number; count: number; deletedPerBlock: Record<string, number> };
export const SigningCounterModel = model('SigningCounter', signingCounterSchema, 'signing_request_counters');
