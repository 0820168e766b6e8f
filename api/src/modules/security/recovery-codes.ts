import { randomInt } from 'node:crypto';
import { signatureOf } from '../../platform/server-secret';

const codeCount = 10;
// Letters and digits without those mistaken for each other on paper (0/o, 1/l/i): ten of 31 are 49.5
// random bits, beyond guessing through the sign-in's rate limits.
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
const halfLength = 5;

const randomPart = () => Array.from({ length: halfLength }, () => alphabet[randomInt(alphabet.length)]).join('');

/** Ten new recovery codes, `xxxxx-xxxxx`, for the user to keep; only their hashes are stored. */
export function createRecoveryCodes(): string[] {
  return Array.from({ length: codeCount }, () => `${randomPart()}-${randomPart()}`);
}

/** A code as typed (any case, spaces or the hyphen left out) in the form it was hashed in. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]+/g, '');
}

/**
 * The stored form of a recovery code: keyed by the server secret and bound to the user, so a copy of the
 * database alone gives no way to test guesses, and one user's code means nothing for another.
 */
export function hashRecoveryCode(userId: string, code: string): string {
  return signatureOf('recovery code', `${userId}:${normalizeRecoveryCode(code)}`);
}
