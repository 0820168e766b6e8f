import { sessionResponseSchema } from '@formwerk/contracts';
import type { Request, Response } from 'express';
import { AppError } from '../../platform/errors';
import { sendValidated } from '../../platform/send-validated';
import { setSessionCookies } from '../sessions/session-cookies';
import { findSessionView } from './auth.service';

/**
 * Answers the session of `token` as it is now and sets `token`, `team` and `me` to match, so every
 * area of the UI follows a change made by this request at once.
 */
export async function answerSession(
  request: Request,
  response: Response,
  { status, token }: { status: number; token: string },
) {
  const view = await findSessionView(token);
  if (!view) throw new AppError('UNAUTHENTICATED', 401, 'Not signed in');
  setSessionCookies(request, response, { ...view, token });
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status, schema: sessionResponseSchema, body: { teamId: view.teamId, user: view.user } });
}
