import { trusted } from '../../platform/db';
import { createSecretToken, hashToken } from '../../platform/tokens';
import { type LinkPurpose, LinkTokenModel } from './link-token.model';

/** A new link secret for the user; only its hash is kept. */
export async function issueLinkToken(input: { purpose: LinkPurpose; userId: string; validForMs: number }) {
  const { token, tokenHash } = createSecretToken();
  await LinkTokenModel.create({
    purpose: input.purpose,
    tokenHash,
    userId: input.userId,
    expiresAt: new Date(Date.now() + input.validForMs),
  });
  return token;
}

/**
 * Marks the link used and returns its user, or null when it is unknown, used or expired. One atomic
 * update, so two clicks at once cannot both succeed.
 */
export async function useLinkToken(purpose: LinkPurpose, token: string): Promise<string | null> {
  const now = new Date();
  const used = await LinkTokenModel.findOneAndUpdate(
    { purpose, tokenHash: hashToken(token), usedAt: null, expiresAt: trusted({ $gt: now }) },
    { $set: { usedAt: now } },
    { new: true, lean: true },
  );
  return used ? used.userId.toString() : null;
}
