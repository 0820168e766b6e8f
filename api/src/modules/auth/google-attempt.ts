import type { Request, Response } from 'express';
import { z } from 'zod';
import { openSealedValue, sealValue } from '../security/sealed-values';
import { baseOptions } from '../sessions/session-cookies';

/**
 * One sign-in at Google under way: its checks (state, nonce, the PKCE verifier) and what to do afterwards
 * (the page to go to, its language, remember me). In a sealed httpOnly cookie for the Google routes only,
 * ten minutes long: the browser carries it to the callback, and nothing else can read or change it.
 * SameSite=Lax still sends it there, since Google's redirect is a top-level navigation.
 */
const attemptSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirect: z.string().nullable(),
  locale: z.enum(['de', 'en']),
  isRemembered: z.boolean(),
  expiresAt: z.number(),
});
export type GoogleAttempt = Omit<z.infer<typeof attemptSchema>, 'expiresAt'>;

const cookieName = 'google-sign-in';
const cookiePath = '/api/v1/auth/google';
const sealPurpose = 'google sign-in';
const validMs = 10 * 60_000;

export function keepGoogleAttempt(request: Request, response: Response, attempt: GoogleAttempt): void {
  const sealed = sealValue(sealPurpose, JSON.stringify({ ...attempt, expiresAt: Date.now() + validMs }));
  response.cookie(cookieName, sealed, { ...baseOptions(request), path: cookiePath, httpOnly: true, maxAge: validMs });
}

/** The attempt this browser began, when it is genuine and not expired; it is over either way. */
export function takeGoogleAttempt(request: Request, response: Response): GoogleAttempt | null {
  const value: unknown = request.cookies?.[cookieName];
  response.clearCookie(cookieName, { ...baseOptions(request), path: cookiePath, httpOnly: true });
  const opened = typeof value === 'string' ? openSealedValue(sealPurpose, value) : null;
  const parsed = opened === null ? null : attemptSchema.safeParse(JSON.parse(opened));
  if (!parsed?.success || parsed.data.expiresAt <= Date.now()) return null;
  const { state, nonce, codeVerifier, redirect, locale, isRemembered } = parsed.data;
  return { state, nonce, codeVerifier, redirect, locale, isRemembered };
}
