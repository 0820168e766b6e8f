import type { InferSchemaType } from 'mongoose';
import { model, Schema } from '../../platform/db';

// An account of another provider (Google) that signs in to one of ours. Its id is `<provider>:<subject>`,
// the provider's own id of the person (`sub`), so that id is unique as every `_id` is: a unique index on a
// field that most users lack would need a sparse or partial index, which the embedded database lacks
// (decision 013). Found for a sign-in by that id, for the profile by the user's.
const linkedAccountSchema = new Schema(
  {
    _id: { type: String, required: true },
    provider: { type: String, enum: ['google'], required: true },
    subject: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, required: true, index: true },
    // The address the provider gave when it was linked, for support; the account's own may change later.
    email: { type: String, required: true },
  },
  { timestamps: true },
);

export type LinkedAccount = InferSchemaType<typeof linkedAccountSchema>;
export const LinkedAccountModel = model('LinkedAccount', linkedAccountSchema);
