import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { keyFor } from '../../platform/server-secret';
import { baseOptions } from '../sessions/session-cookies';

// A browser that signed in to an account before carries this cookie: signed, httpOnly, for a year,
// kept at logout. Failed sign-ins by others slow down sign-ins to that account, never from here
// (OWASP's "device cookies" against lockout of the real user).
const deviceCookie = 'device';
const deviceCookieMs = 365 * 24 * 3_600_000;

const signatureOf = (userId: string) => createHmac('sha256', keyFor('known device')).update(userId).digest('base64url');

export function markKnownDevice(request: Request, response: Response, userId: string): void {
  response.cookie(deviceCookie, `${userId}.${signatureOf(userId)}`, {
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
  const expected = Buffer.from(signatureOf(userId));
  const sent = Buffer.from(signature);
  return sent.length === expected.length && timingSafeEqual(sent, expected) ? userId : undefined;
}
