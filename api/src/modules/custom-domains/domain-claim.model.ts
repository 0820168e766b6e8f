import type { InferSchemaType } from 'mongoose';
import { model, Schema } from '../../platform/db';
import { expiresHourField } from '../../platform/expiring-documents';

// When a team first entered a hostname, kept for a while after: a pending claim's three days count
// from then, so removing the domain and entering it again (on any of the team's forms) does not
// hold it longer. `_id` is `<teamId> <hostname>`.
const domainClaimSchema = new Schema(
  {
    _id: { type: String, required: true },
    firstClaimedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    expiresHour: expiresHourField,
  },
  { versionKey: false },
);

export type DomainClaim = InferSchemaType<typeof domainClaimSchema>;
export const DomainClaimModel = model('DomainClaim', domainClaimSchema, 'domain_claims');
