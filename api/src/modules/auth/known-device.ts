import type { Request, Response } from 'express';
import { isSignatureOf, signatureOf } from '../../platform/server-secret';
import { baseOptions } from '../sessions/session-cookies';

// A browser that signed in to an account before carries this cookie: signed, httpOnly, for a year,
// kept at logout. Failed sign-ins by others slow down sign-ins to that account, never from here
// (OWASP's "device cookies" against lockout of the real user).
const deviceCookie = 'device';
const deviceCookieMs = 365 * 24 * 3_600_000;

const purpose = 'known device';

export function markKnownDevice(request: Request, response: Response, userId: string): void {
  response.cookie(deviceCookie, `${userId}.${signatureOf(purpose, userId)}`, {
    ...baseOptions(request),
    httpOnly: true,
    maxAge: deviceCookieMs,
  });
}

/** The account this browser signed in to before, when its cookie is genuine. */
export function knownDeviceUserOf(request: Request): string | undefined {
  const value: unknown = request.cookies?.[deviceCookie];
  if (typeof value !== 'string') return undefined;
  const [userId = '', signature = ''] = value.split('.');
  return isSignatureOf(purpose, userId, signature) ? userId : undefined;
}
