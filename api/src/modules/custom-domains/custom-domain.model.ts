import type { InferSchemaType, Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

const customDomainSchema = new Schema(
  {
    // One domain per form, one form per domain: both unique, so no two forms ever answer one host.
    formId: { type: String, required: true, unique: true },
    teamId: { type: Number, required: true },
    hostname: { type: String, required: true, unique: true },
    // The secret half of the TXT record's value; new with every hostname, so an old record proves nothing.
    token: { type: String, required: true },
    // When this hostname was entered: a claim never verified is released to others after a while.
    claimedAt: { type: Date, required: true },
    status: { type: String, enum: ['pending', 'verified'], required: true, default: 'pending' },
    verifiedAt: { type: Date, default: null },
    lastCheckedAt: { type: Date, default: null },
    lastProblem: { type: String, enum: ['recordMissing', 'recordMismatch', 'dnsFailed', null], default: null },
  },
  { timestamps: true },
);

export type CustomDomainRecord = InferSchemaType<typeof customDomainSchema> & { _id: Types.ObjectId };
export const CustomDomainModel = model('CustomDomain', customDomainSchema);
