import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { isSafeMethod } from '../../platform/csrf';
import { AppError } from '../../platform/errors';
import { csrfHeader, csrfTokenOf } from './csrf-token';
import { readToken } from './session-cookies';

/** With a session, every state-changing request must carry that session's CSRF token. */
export const requireCsrfToken: RequestHandler = (request, _response, next) => {
  const sessionToken = readToken(request);
  if (isSafeMethod(request.method) || !sessionToken) return next();
  const sent = Buffer.from(request.get(csrfHeader) ?? '');
  const expected = Buffer.from(csrfTokenOf(sessionToken));
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
    throw new AppError('CSRF_TOKEN_INVALID', 403, 'The request lacks the CSRF token of this session');
  }
  next();
};
