import { type SessionResponse, sessionResponseSchema } from '@formwerk/contracts';
import type { Request, Response } from 'express';
import { AppError } from '../../platform/errors';
import { sendValidated } from '../../platform/send-validated';
import { setSessionCookies } from '../sessions/session-cookies';
import { findSessionView } from './auth.service';

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
