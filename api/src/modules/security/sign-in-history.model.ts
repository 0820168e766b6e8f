import type { SignInEntry } from '@formwerk/contracts';
import type { Types } from 'mongoose';
import { model, Schema } from '../../platform/db';
import { expiresHourField } from '../../platform/expiring-documents';

// A user's sign-ins in one document (its `_id` is the user's): the history page is one read by id, and a
// sign-in one update of it (decision 013). Capped, and its entries expire after 90 days.
const signInHistorySchema = new Schema({
  _id: { type: Schema.Types.ObjectId, required: true },
  entries: [
    {
      _id: false,
      at: { type: Date, required: true },
      ipAddress: { type: String, required: true },
      browser: { type: String, default: null },
      os: { type: String, default: null },
      method: { type: String, enum: ['password', 'google', 'email-link', 'sso'], required: true },
      secondFactor: { type: String, enum: ['totp', 'recovery-code'], default: null },
      result: { type: String, enum: ['succeeded', 'failed'], required: true },
    },
  ],
  // Raised by every entry added: a trim writes the list back only if nothing was added meanwhile.
  added: { type: Number, required: true, default: 0 },
  // When the newest entry expires, and with it the whole document (the housekeeping job's key).
  expiresAt: { type: Date, required: true },
  expiresHour: expiresHourField,
});

/** An entry as stored: the contract's, with its time as a date. */
export type StoredSignIn = Omit<SignInEntry, 'at'> & { at: Date };
export type SignInHistoryDocument = {
  _id: Types.ObjectId;
  entries: StoredSignIn[];
  added: number;
  expiresAt: Date;
  expiresHour: number;
};
export const SignInHistoryModel = model('SignInHistory', signInHistorySchema);
