import { randomBytes } from 'node:crypto';
import type { SigningRecipientKind, SigningRecipientStatus } from '@formwerk/contracts';
import type { Types } from 'mongoose';
import type { JsonValue } from '../sealing/audit-trail';
import { signingTokenHashOf } from './signing-links';
import type { StoredRecipient, StoredSigningRequest } from './signing-request.model';
import { isActive } from './signing-stages';

/** Where a person acted from, as the audit trail and the certificate page record it. */
export type SigningClient = { ipAddress: string | null; userAgent: string | null };

// A user agent is kept whole for the trail, within reason: a header of kilobytes says nothing more.
const userAgentMaxLength = 500;

export const clientOf = (ipAddress: string | undefined, userAgent: string | undefined): SigningClient => ({
  ipAddress: ipAddress ?? null,
  userAgent: userAgent ? userAgent.slice(0, userAgentMaxLength) : null,
});

/**
 * A new recipient in `status`: 128 random bits of id (which the link's token is made of) and the hash
 * of their link. Nothing has happened to them yet.
 */
export function createRecipient(
  requestId: Types.ObjectId,
  person: {
    roleId: string;
    roleName: string;
    name: string;
    email: string;
    kind: SigningRecipientKind;
    stage: number;
    status: SigningRecipientStatus;
  },
): StoredRecipient {
  const id = randomBytes(16).toString('base64url');
  return {
    ...person,
    id,
    tokenHash: signingTokenHashOf(requestId.toString(), id),
    mailedAt: null,
    actedAt: null,
    ip: null,
    userAgent: null,
    declineReason: null,
    delegatedTo: null,
    valuesId: null,
  };
}

/** The recipient whose link has this hash, while it works (a delegated one's does not). */
export const recipientOfHash = (request: Pick<StoredSigningRequest, 'recipients'>, tokenHash: string) =>
  request.recipients.find((recipient) => recipient.tokenHash === tokenHash && isActive(recipient));

export const replaceRecipient = (
  recipients: readonly StoredRecipient[],
  id: string,
  changes: Partial<StoredRecipient>,
): StoredRecipient[] => recipients.map((recipient) => (recipient.id === id ? { ...recipient, ...changes } : recipient));

/** The person in an audit event: who, in which role, from where. */
export function personOf(recipient: StoredRecipient, client: SigningClient): Record<string, JsonValue> {
  return {
    recipientId: recipient.id,
    name: recipient.name,
    email: recipient.email,
    role: recipient.kind,
    ipAddress: client.ipAddress,
    userAgent: client.userAgent,
  };
}

// signing.service.ts reads it from here until its next change.
export { toFieldDto } from '../placed-fields';
