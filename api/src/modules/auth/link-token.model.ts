import type { InferSchemaType, Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

/** The secret of a mailed verification or reset link, stored hashed and used once. */
const linkTokenSchema = new Schema(
  {
    purpose: { type: String, enum: ['verify-email', 'reset-password'], required: true },
    tokenHash: { type: String, required: true, unique: true },
    userId: { type: Schema.Types.ObjectId, required: true, index: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
  },
  { timestamps: true },
);

export type LinkToken = InferSchemaType<typeof linkTokenSchema> & { _id: Types.ObjectId };
export type LinkPurpose = LinkToken['purpose'];
export const LinkTokenModel = model('LinkToken', linkTokenSchema);
