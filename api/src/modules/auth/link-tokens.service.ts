import { defineExpiringCollection, expiryHourOf } from '../../platform/expiring-documents';
import { createSecretToken, hashToken } from '../../platform/tokens';
import { type LinkPurpose, type LinkToken, LinkTokenModel } from './link-token.model';

/** Links that end by themselves, for the housekeeping job. */
export const expiringLinkTokens = defineExpiringCollection(LinkTokenModel, 'expiresAt');

/** A new link secret for the user; only its hash is kept. */
export async function issueLinkToken(input: { purpose: LinkPurpose; userId: string; validForMs: number }) {
  const { token, tokenHash } = createSecretToken();
  const expiresAt = new Date(Date.now() + input.validForMs);
  await LinkTokenModel.create({
    purpose: input.purpose,
    tokenHash,
    userId: input.userId,
    expiresAt,
    expiresHour: expiryHourOf(expiresAt),
  });
  return token;
}

/**
 * Uses the link up and returns its user, or null when it is unknown, used or expired. The link is
 * deleted in one atomic step, so two clicks at once cannot both succeed and nothing is left to clean.
 */
export async function useLinkToken(purpose: LinkPurpose, token: string): Promise<string | null> {
  const link = await LinkTokenModel.findOneAndDelete({ tokenHash: hashToken(token), purpose }).lean<LinkToken>();
  // Checked in code after the read by the indexed hash: FerretDB answers only equality filters by index.
  if (!link || link.usedAt || link.expiresAt <= new Date()) return null;
  return link.userId.toString();
}

/** Ends every other link of the user for `purpose`, once one of them did its work. */
export async function revokeLinkTokens(purpose: LinkPurpose, userId: string): Promise<void> {
  await LinkTokenModel.deleteMany({ userId, purpose });
}
