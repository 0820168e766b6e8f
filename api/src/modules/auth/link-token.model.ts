import type { InferSchemaType, Types } from 'mongoose';
import { model, Schema } from '../../platform/db';
import { expiresHourField } from '../../platform/expiring-documents';

/** The secret of a mailed verification or reset link, stored hashed and deleted when used. */
const linkTokenSchema = new Schema(
  {
    purpose: { type: String, enum: ['verify-email', 'reset-password'], required: true },
    tokenHash: { type: String, required: true, unique: true },
    userId: { type: Schema.Types.ObjectId, required: true, index: true },
    expiresAt: { type: Date, required: true },
    // The key the housekeeping job removes expired links by (platform/expiring-documents.ts).
    expiresHour: expiresHourField,
    // Set only on links used before using one deleted it; such a link stays refused.
    usedAt: { type: Date, default: null },
  },
  { timestamps: true },
);

export type LinkToken = InferSchemaType<typeof linkTokenSchema> & { _id: Types.ObjectId };
export type LinkPurpose = LinkToken['purpose'];
export const LinkTokenModel = model('LinkToken', linkTokenSchema);
