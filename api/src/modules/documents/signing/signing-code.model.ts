import { model, Schema } from '../../../platform/db';

/**
 * A recipient's one-time code, `_id` being `<requestId>:<recipientId>`: apart from the request, so that
 * asking for a code and entering it change one small document of that person's alone (fifty people
 * verifying at once do not contend for the request). Only an HMAC of the code is kept (signing-links.ts).
 */
const signingCodeSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** Counts the codes sent, for the keys of their audit events. */
    number: { type: Number, required: true },
    /** Which code is valid now (random), part of its HMAC; null once used. */
    codeId: { type: String, default: null },
    hash: { type: String, default: null },
    expiresAt: { type: Date, default: null },
    /** Wrong tries at the current code. */
    tries: { type: Number, required: true },
  },
  { versionKey: false },
);

export type SigningCode = {
  _id: string;
  number: number;
  codeId: string | null;
  hash: string | null;
  expiresAt: Date | null;
  tries: number;
};
export const SigningCodeModel = model('SigningCode', signingCodeSchema, 'signing_codes');
