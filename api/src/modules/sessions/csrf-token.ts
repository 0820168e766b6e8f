import { signatureOf } from '../../platform/server-secret';

/** The header that carries the CSRF token; the shell's api client copies it from the `csrf` cookie. */
export const csrfHeader = 'x-csrf-token';

/**
 * The CSRF token bound to a session: an HMAC of the session token under a key derived from the
 * server secret, so it changes with every session and needs no storage. A page of another site can
 * neither read the cookie nor compute it (OWASP "signed double-submit cookie").
 */
export function csrfTokenOf(sessionToken: string): string {
  return signatureOf('csrf token', sessionToken);
}
