import type { InferSchemaType, Types } from 'mongoose';
import { model, Schema } from '../../platform/db';
import { expiresHourField } from '../../platform/expiring-documents';

const invitationSchema = new Schema(
  {
    teamId: { type: Number, required: true, index: true },
    email: { type: String, required: true },
    role: { type: String, enum: ['admin', 'member'], required: true },
    // The mailed link's secret, stored hashed.
    tokenHash: { type: String, required: true, unique: true },
    invitedBy: { type: Schema.Types.ObjectId, required: true },
    expiresAt: { type: Date, required: true },
    // The key the housekeeping job removes expired invitations by (platform/expiring-documents.ts).
    expiresHour: expiresHourField,
    acceptedAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
  },
  { timestamps: true },
);

export type Invitation = InferSchemaType<typeof invitationSchema> & { _id: Types.ObjectId; createdAt: Date };
export const InvitationModel = model('Invitation', invitationSchema);
