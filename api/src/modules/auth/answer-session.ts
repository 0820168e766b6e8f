import {
  type SessionResponse,
  type SignInStep,
  sessionResponseSchema,
  signInStepResponseSchema,
} from '@formwerk/contracts';
import type { Request, Response } from 'express';
import { AppError } from '../../platform/errors';
import { sendValidated } from '../../platform/send-validated';
import type { SignInClient } from '../security/sign-in-history.service';
import { setSessionCookies } from '../sessions/session-cookies';
import { findSessionView, type SignInOutcome } from './auth.service';
import { knownDeviceUserOf, markKnownDevice } from './known-device';
import { clearSignInChallenge, issueSignInChallenge } from './sign-in-challenge';

/**
 * Sets `token`, `team`, `me` and `csrf` to the session of `token` as it is now, so every area of the
 * UI follows a change made by this request at once. Null when the session is gone.
 */
export async function refreshSessionCookies(
  request: Request,
  response: Response,
  token: string,
): Promise<SessionResponse | null> {
  const view = await findSessionView(token);
  if (!view) return null;
  setSessionCookies(request, response, { ...view, token });
  response.set('Cache-Control', 'no-store');
  return { teamId: view.teamId, user: view.user };
}

/** Answers the session of `token` and refreshes its cookies. */
export async function answerSession(
  request: Request,
  response: Response,
  { status, token }: { status: number; token: string },
) {
  const session = await refreshSessionCookies(request, response, token);
  if (!session) throw new AppError('UNAUTHENTICATED', 401, 'Not signed in');
  sendValidated(response, { status, schema: sessionResponseSchema, body: session });
}

/** Who signs in to `userId`, as this request shows it (address, User-Agent, the known-device cookie). */
export function signInClientOf(request: Request, userId: string): SignInClient {
  return {
    ipAddress: request.ip ?? request.socket.remoteAddress ?? '',
    userAgent: request.get('user-agent') ?? '',
    isKnownDevice: knownDeviceUserOf(request) === userId,
  };
}

/**
 * Sets the cookies of a session that a sign-in just opened for `userId`, ends its steps (no challenge left)
 * and marks this browser as one that signed in to the account. Answers the session.
 */
export async function startSignedInSession(
  request: Request,
  response: Response,
  { userId, token }: { userId: string; token: string },
): Promise<SessionResponse> {
  clearSignInChallenge(request, response);
  markKnownDevice(request, response, userId);
  const session = await refreshSessionCookies(request, response, token);
  if (!session) throw new AppError('UNAUTHENTICATED', 401, 'Not signed in');
  return session;
}

/**
 * Sets what a sign-in's outcome leaves in the browser, for routes that answer with a redirect: the
 * session's cookies, or the challenge of the missing step. Answers that step, null for a session.
 */
export async function applySignIn(
  request: Request,
  response: Response,
  outcome: SignInOutcome,
): Promise<SignInStep | null> {
  if (outcome.kind === 'step') {
    issueSignInChallenge(request, response, outcome.challenge);
    return outcome.challenge.step;
  }
  await startSignedInSession(request, response, outcome);
  return null;
}

/** Answers a sign-in: the session, or the step still missing before it. */
export async function answerSignIn(request: Request, response: Response, outcome: SignInOutcome): Promise<void> {
  if (outcome.kind === 'step') {
    issueSignInChallenge(request, response, outcome.challenge);
    response.set('Cache-Control', 'no-store');
    sendValidated(response, { status: 200, schema: signInStepResponseSchema, body: { step: outcome.challenge.step } });
    return;
  }
  const session = await startSignedInSession(request, response, outcome);
  sendValidated(response, { status: 200, schema: sessionResponseSchema, body: session });
}
