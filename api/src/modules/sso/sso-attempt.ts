import type { Request, Response } from 'express';
import { z } from 'zod';
import { openSealedValue, sealValue } from '../security/sealed-values';
import { baseOptions } from '../sessions/session-cookies';

/**
 * One single sign-on under way: the team, its checks (OpenID Connect: state, nonce, the PKCE verifier;
 * SAML: the AuthnRequest's ID, which must come back as InResponseTo) and what to do afterwards. In a sealed
 * httpOnly cookie for the SSO routes, ten minutes long, as Google's (auth/google-attempt.ts): SameSite=Lax
 * still sends it with the provider's redirect back, and with the GET that follows a SAML IdP's POST.
 */
const afterwards = {
  teamId: z.number(),
  redirect: z.string().nullable(),
  locale: z.enum(['de', 'en']),
  isRemembered: z.boolean(),
  expiresAt: z.number(),
};
const attemptSchema = z.discriminatedUnion('protocol', [
  z.object({
    protocol: z.literal('oidc'),
    state: z.string(),
    nonce: z.string(),
    codeVerifier: z.string(),
    ...afterwards,
  }),
  z.object({ protocol: z.literal('saml'), requestId: z.string(), ...afterwards }),
]);
type Unsealed<Each> = Each extends unknown ? Omit<Each, 'expiresAt'> : never;
export type SsoAttempt = Unsealed<z.infer<typeof attemptSchema>>;

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

/**
 * A SAML IdP's checked answer on its way from the ACS (a POST from the IdP's site, without this site's
 * cookies) to the GET that follows it with them: sealed, two minutes long, in the redirect's query. It
 * signs nobody in by itself: the GET compares its InResponseTo with the browser's own attempt.
 */
const samlAnswerSchema = z.object({
  teamId: z.number(),
  inResponseTo: z.string(),
  subject: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  expiresAt: z.number(),
});
export type SamlAnswer = Omit<z.infer<typeof samlAnswerSchema>, 'expiresAt'>;

const samlAnswerPurpose = 'sso saml answer';
const samlAnswerValidMs = 2 * 60_000;

export function sealSamlAnswer(answer: SamlAnswer): string {
  return sealValue(samlAnswerPurpose, JSON.stringify({ ...answer, expiresAt: Date.now() + samlAnswerValidMs }));
}

/** The answer sealed by `sealSamlAnswer`, when genuine and not expired. */
export function openSamlAnswer(sealed: unknown): SamlAnswer | null {
  const opened = typeof sealed === 'string' ? openSealedValue(samlAnswerPurpose, sealed) : null;
  const parsed = opened === null ? null : samlAnswerSchema.safeParse(JSON.parse(opened));
  if (!parsed?.success || parsed.data.expiresAt <= Date.now()) return null;
  const { expiresAt: _expiresAt, ...answer } = parsed.data;
  return answer;
}
