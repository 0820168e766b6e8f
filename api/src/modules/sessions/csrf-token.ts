import { createHmac } from 'node:crypto';

/** The header that carries the CSRF token; the shell's api client copies it from the `csrf` cookie. */
export const csrfHeader = 'x-csrf-token';

/**
 * The CSRF token bound to a session: derived from the session token, so it changes with every
 * session and needs no storage. A page of another site can neither read the cookie nor compute it
 * (OWASP "signed double-submit cookie").
 */
export function csrfTokenOf(sessionToken: string): string {
  return createHmac('sha256', 'formwerk csrf token').update(sessionToken).digest('base64url');
}
