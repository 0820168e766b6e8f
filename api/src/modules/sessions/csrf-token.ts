import { createHmac } from 'node:crypto';

/** The header that carries the CSRF token; the shell's api client copies it from the `csrf` cookie. */
export const csrfHeader = 'x-csrf-token';

let csrfKey: Buffer | undefined;

/** Set once at start from the server secret (platform/server-secret.ts); tests set a random one. */
export function useCsrfKey(key: Buffer): void {
  csrfKey = key;
}

/**
 * The CSRF token bound to a session: an HMAC of the session token under the site's own key, so it
 * changes with every session and needs no storage. A page of another site can neither read the
 * cookie nor compute it (OWASP "signed double-submit cookie").
 */
export function csrfTokenOf(sessionToken: string): string {
  if (!csrfKey) throw new Error('The CSRF key is not set: call useCsrfKey at start');
  return createHmac('sha256', csrfKey).update(sessionToken).digest('base64url');
}
