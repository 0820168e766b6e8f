import type { RequestHandler, Response } from 'express';
import { AppError } from '../../platform/errors';
import { readToken } from './session-cookies';
import { findActiveSession } from './sessions.service';

export type SessionContext = { userId: string; teamId: number; token: string; isRemembered: boolean };

/** Lets the request through only with a live session, which later handlers read with `getSession`. */
export const requireSession: RequestHandler = async (request, response, next) => {
  const token = readToken(request);
  const session = token ? await findActiveSession(token) : null;
  if (!token || !session) throw new AppError('UNAUTHENTICATED', 401, 'Not signed in');
  response.locals.session = {
    userId: session.userId.toString(),
    teamId: session.teamId,
    token,
    isRemembered: session.isRemembered,
  } satisfies SessionContext;
  next();
};

export function getSession(response: Response): SessionContext {
  return response.locals.session as SessionContext;
}
