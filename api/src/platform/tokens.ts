import { createHash, randomBytes } from 'node:crypto';

/**
 * A secret for a cookie or a mailed link: 256 random bits in base64url (43 characters). Only its
 * hash is stored, so a leaked database yields no usable session or link.
 */
export function createSecretToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
