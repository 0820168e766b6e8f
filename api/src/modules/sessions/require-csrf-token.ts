import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { isSafeMethod } from '../../platform/csrf';
import { AppError } from '../../platform/errors';
import { csrfHeader, csrfTokenOf } from './csrf-token';
import { readToken } from './session-cookies';

// Public form links act for anonymous respondents and never read the session, so a signed-in person
// filling one in (their own form, say) needs no token; cross-site requests are still refused before.
const publicPathPrefix = '/api/v1/public/';

/** With a session, every state-changing request must carry that session's CSRF token. */
export const requireCsrfToken: RequestHandler = (request, _response, next) => {
  const sessionToken = readToken(request);
  if (isSafeMethod(request.method) || !sessionToken || request.path.startsWith(publicPathPrefix)) return next();
  const sent = Buffer.from(request.get(csrfHeader) ?? '');
  const expected = Buffer.from(csrfTokenOf(sessionToken));
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
    throw new AppError('CSRF_TOKEN_INVALID', 403, 'The request lacks the CSRF token of this session');
  }
  next();
};
