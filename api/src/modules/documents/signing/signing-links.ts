import { randomInt } from 'node:crypto';
import { signingCodeLength, signingVerifiedMinutes } from '@formwerk/contracts';
import { isSignatureOf, signatureOf } from '../../../platform/server-secret';
import { hashToken } from '../../../platform/tokens';

// The secrets of a recipient's part (decision 022): the link in their mails, the one-time code that
// proves the mailbox is theirs, and the cookie that remembers that proof for an hour.

/**
 * The token of a recipient's link: 32 bytes (base64url), the HMAC-SHA256 of the request's and the
 * recipient's ids (128 random bits) under a key derived from the server secret. Only its SHA-256 is
 * stored; the api makes it again whenever it mails the link (a stage opening, a reminder, the signed
 * copy), so no mail needs a link kept in the database, and nobody who reads the database alone can.
 */
export function signingTokenOf(requestId: string, recipientId: string): string {
  return signatureOf('signing link', `${requestId}:${recipientId}`);
}

export const signingTokenHashOf = (requestId: string, recipientId: string) =>
  hashToken(signingTokenOf(requestId, recipientId));

/** A fresh six-digit code, every value equally likely. */
export function createSigningCode(): string {
  return String(randomInt(0, 10 ** signingCodeLength)).padStart(signingCodeLength, '0');
}

/**
 * What is stored of a code: an HMAC under a key of the server secret, bound to the recipient and to
 * this code (`codeId`), so a million guesses against a leaked database need the secret too.
 */
export const signingCodeHashOf = (recipientId: string, codeId: string, code: string) =>
  signatureOf('signing code', `${recipientId}:${codeId}:${code}`);

export const isSigningCodeOf = (recipientId: string, codeId: string, code: string, hash: string) =>
  isSignatureOf('signing code', `${recipientId}:${codeId}:${code}`, hash);

/** The cookie a verified browser carries, only on the paths of its recipient's link. */
export const verificationCookieName = 'signing_verified';

/** `<recipientId>.<until, ms>.<HMAC>`: who was verified, until when, signed by the server. */
export function createVerification(requestId: string, recipientId: string, now = Date.now()) {
  const until = now + signingVerifiedMinutes * 60_000;
  const value = `${recipientId}.${until}`;
  return { cookie: `${value}.${signatureOf('signing verification', `${requestId}:${value}`)}`, until: new Date(until) };
}

/** Whether the cookie proves this recipient's verification and has not run out. */
export function isVerificationOf(
  cookie: string | undefined,
  requestId: string,
  recipientId: string,
  now = Date.now(),
): boolean {
  const [id, until, signature, ...rest] = (cookie ?? '').split('.');
  if (!id || !until || !signature || rest.length > 0 || id !== recipientId || !(Number(until) > now)) return false;
  return isSignatureOf('signing verification', `${requestId}:${id}.${until}`, signature);
}
