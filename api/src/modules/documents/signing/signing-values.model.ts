import type { Types } from 'mongoose';
import { model, Schema } from '../../../platform/db';

/**
 * What one recipient filled in (signatures as PNGs in base64), apart from the request: fifty signers'
 * images would make the request, which every transition reads whole, large. `_id` is
 * `<requestId>:<recipientId>:<sha256 of the values>`, so the same values sent twice are one document,
 * and the request names the one its transition accepted (`recipients[].valuesId`).
 */
const signingValuesSchema = new Schema(
  {
    _id: { type: String, required: true },
    requestId: { type: Schema.Types.ObjectId, required: true },
    recipientId: { type: String, required: true },
    values: { type: Schema.Types.Mixed, required: true },
  },
  { versionKey: false, minimize: false },
);
signingValuesSchema.index({ requestId: 1 });

export type StoredFieldValue = string | boolean | { png: string };
export type StoredSigningValues = {
  _id: string;
  requestId: Types.ObjectId;
  recipientId: string;
  values: Record<string, StoredFieldValue>;
};
export const SigningValuesModel = model('SigningValues', signingValuesSchema, 'signing_values');
