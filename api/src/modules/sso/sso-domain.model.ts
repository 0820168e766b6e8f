import type { InferSchemaType } from 'mongoose';
import { model, Schema } from '../../platform/db';

const ssoDomainSchema = new Schema(
  {
    // `<teamId> <domain>`: a team adds a domain once; other teams may claim it too until one verifies it.
    _id: { type: String, required: true },
    teamId: { type: Number, required: true, index: true },
    domain: { type: String, required: true },
    // The secret half of the TXT record's value, new with every claim: an old record proves nothing.
    token: { type: String, required: true },
    status: { type: String, enum: ['pending', 'verified'], required: true, default: 'pending' },
    verifiedAt: { type: Date, default: null },
    lastCheckedAt: { type: Date, default: null },
    lastProblem: { type: String, enum: ['recordMissing', 'recordMismatch', 'dnsFailed', null], default: null },
  },
  { timestamps: true },
);

export type SsoDomainRecord = InferSchemaType<typeof ssoDomainSchema>;
export const SsoDomainModel = model('SsoDomain', ssoDomainSchema);

/**
 * Which team a verified domain belongs to, `_id` = the domain: unique because it is the id (a partial
 * unique index on the claims would need what the embedded database lacks, decision 026). /sso and the
 * password sign-in look a domain up here by id.
 */
const verifiedDomainSchema = new Schema(
  {
    _id: { type: String, required: true },
    teamId: { type: Number, required: true, index: true },
  },
  { timestamps: true },
);

export const VerifiedDomainModel = model('SsoVerifiedDomain', verifiedDomainSchema);
