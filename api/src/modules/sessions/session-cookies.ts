import type { CurrentUserDto } from '@formwerk/contracts';
import type { CookieOptions, Request, Response } from 'express';
import { csrfTokenOf } from './csrf-token';
import { rememberedSessionMs } from './sessions.service';

export const tokenCookie = 'token';
const teamCookie = 'team';
const meCookie = 'me';
// Readable by scripts, which send it back in a header (see csrf-token.ts and decision 007).
const csrfCookie = 'csrf';

/** Path, SameSite and Secure as every cookie of the site sets them. */
export function baseOptions(request: Request): CookieOptions {
  // Secure everywhere but on localhost, where the site runs over plain HTTP (ARCHITECTURE.md §3).
  const isLocal = ['localhost', '127.0.0.1', '[::1]'].includes(request.hostname);
  return { path: '/', sameSite: 'lax', secure: !isLocal };
}

/**
 * Sets `token` (httpOnly), `team`, `me` and `csrf` together, so the UI's view of the session is never half
 * stale. Without remember-me they are browser-session cookies.
 */
export function setSessionCookies(
  request: Request,
  response: Response,
  { token, teamId, user, isRemembered }: { token: string; teamId: number; user: CurrentUserDto; isRemembered: boolean },
): void {
  const options = { ...baseOptions(request), ...(isRemembered ? { maxAge: rememberedSessionMs } : {}) };
  response.cookie(tokenCookie, token, { ...options, httpOnly: true });
  response.cookie(teamCookie, String(teamId), options);
  response.cookie(meCookie, JSON.stringify(user), options);
  response.cookie(csrfCookie, csrfTokenOf(token), options);
}

export function clearSessionCookies(request: Request, response: Response): void {
  for (const name of [tokenCookie, teamCookie, meCookie, csrfCookie]) {
    response.clearCookie(name, { ...baseOptions(request), ...(name === tokenCookie ? { httpOnly: true } : {}) });
  }
}

export function readToken(request: Request): string | undefined {
  const token: unknown = request.cookies?.[tokenCookie];
  return typeof token === 'string' && token.length > 0 ? token : undefined;
}
