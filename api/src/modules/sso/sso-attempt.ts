import type { Request, Response } from 'express';
import { z } from 'zod';
import { openSealedValue, sealValue } from '../security/sealed-values';
import { baseOptions } from '../sessions/session-cookies';

/**
 * One single sign-on under way: the team, its checks (state, nonce, the PKCE verifier) and what to do
 * afterwards. In a sealed httpOnly cookie for the SSO routes, ten minutes long, as Google's
 * (auth/google-attempt.ts): SameSite=Lax still sends it with the provider's redirect back.
 */
const attemptSchema = z.object({
  teamId: z.number(),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirect: z.string().nullable(),
  locale: z.enum(['de', 'en']),
  isRemembered: z.boolean(),
  expiresAt: z.number(),
});
export type SsoAttempt = Omit<z.infer<typeof attemptSchema>, 'expiresAt'>;

const cookieName = 'sso-sign-in';
const cookiePath = '/api/v1/sso';
const sealPurpose = 'sso sign-in';
const validMs = 10 * 60_000;

export function keepSsoAttempt(request: Request, response: Response, attempt: SsoAttempt): void {
  const sealed = sealValue(sealPurpose, JSON.stringify({ ...attempt, expiresAt: Date.now() + validMs }));
  response.cookie(cookieName, sealed, { ...baseOptions(request), path: cookiePath, httpOnly: true, maxAge: validMs });
}

/** The attempt this browser began, when it is genuine and not expired; it is over either way. */
export function takeSsoAttempt(request: Request, response: Response): SsoAttempt | null {
  const value: unknown = request.cookies?.[cookieName];
  response.clearCookie(cookieName, { ...baseOptions(request), path: cookiePath, httpOnly: true });
  const opened = typeof value === 'string' ? openSealedValue(sealPurpose, value) : null;
  const parsed = opened === null ? null : attemptSchema.safeParse(JSON.parse(opened));
  if (!parsed?.success || parsed.data.expiresAt <= Date.now()) return null;
  const { expiresAt: _expiresAt, ...attempt } = parsed.data;
  return attempt;
}
