import type { SignInMethod, SignInStep } from '@formwerk/contracts';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { openSealedValue, sealValue } from '../security/sealed-values';
import { baseOptions } from '../sessions/session-cookies';

/**
 * The proof that a sign-in passed its first step (the password, Google), waiting for the second: which
 * account, how it signed in, remember me, and which step is missing. It lives in a sealed httpOnly
 * cookie for the auth routes only, for minutes; no session exists until the step is done.
 */
export type SignInChallenge = {
  userId: string;
  email: string;
  method: SignInMethod;
  isRemembered: boolean;
  step: SignInStep;
};

const cookieName = 'sign-in-step';
const cookiePath = '/api/v1/auth';
const sealPurpose = 'sign-in challenge';
// A code is typed within a minute; setting up an app (finding the phone, installing one) takes longer.
const validMs: Record<SignInStep, number> = { 'two-factor': 5 * 60_000, 'enrol-two-factor': 15 * 60_000 };

const sealedChallengeSchema = z.object({
  userId: z.string(),
  email: z.string(),
  method: z.enum(['password', 'google', 'email-link', 'sso']),
  isRemembered: z.boolean(),
  step: z.enum(['two-factor', 'enrol-two-factor']),
  expiresAt: z.number(),
});

export function issueSignInChallenge(request: Request, response: Response, challenge: SignInChallenge): void {
  const expiresAt = Date.now() + validMs[challenge.step];
  response.cookie(cookieName, sealValue(sealPurpose, JSON.stringify({ ...challenge, expiresAt })), {
    ...baseOptions(request),
    path: cookiePath,
    httpOnly: true,
    maxAge: validMs[challenge.step],
  });
}

/** The challenge this browser carries, when it is genuine and not expired; null otherwise. */
export function readSignInChallenge(request: Request): SignInChallenge | null {
  const value: unknown = request.cookies?.[cookieName];
  const opened = typeof value === 'string' ? openSealedValue(sealPurpose, value) : null;
  if (opened === null) return null;
  const parsed = sealedChallengeSchema.safeParse(JSON.parse(opened));
  if (!parsed.success || parsed.data.expiresAt <= Date.now()) return null;
  const { userId, email, method, isRemembered, step } = parsed.data;
  return { userId, email, method, isRemembered, step };
}

export function clearSignInChallenge(request: Request, response: Response): void {
  response.clearCookie(cookieName, { ...baseOptions(request), path: cookiePath, httpOnly: true });
}
