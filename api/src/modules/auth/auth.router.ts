import { loginRequestSchema, sessionResponseSchema, signUpRequestSchema } from '@formwerk/contracts';
import { Router } from 'express';
import { AppError } from '../../platform/errors';
import { emailOfBody, rateLimit } from '../../platform/rate-limit';
import { sendValidated } from '../../platform/send-validated';
import { clearSessionCookies, readToken, setSessionCookies } from '../sessions/session-cookies';
import { findSessionView, logIn, logOut, type StartedSession, signUp } from './auth.service';

export const authRouter = Router();

const minuteMs = 60_000;
// Limits of the accounts issue, per IP and per account.
const signUpLimit = rateLimit({ name: 'sign-up', limit: 30, windowMs: 60 * minuteMs, accountOf: emailOfBody });
const loginLimit = rateLimit({ name: 'login', limit: 30, windowMs: 15 * minuteMs, accountOf: emailOfBody });

function answerStartedSession(
  request: Parameters<typeof setSessionCookies>[0],
  response: Parameters<typeof setSessionCookies>[1],
  status: number,
  { token, isRemembered, teamId, user }: StartedSession,
) {
  setSessionCookies(request, response, { token, teamId, user, isRemembered });
  sendValidated(response, { status, schema: sessionResponseSchema, body: { teamId, user } });
}

authRouter.post('/auth/sign-up', signUpLimit, async (request, response) => {
  const input = signUpRequestSchema.parse(request.body);
  answerStartedSession(request, response, 201, await signUp(input, request.get('user-agent') ?? ''));
});

authRouter.post('/auth/login', loginLimit, async (request, response) => {
  const input = loginRequestSchema.parse(request.body);
  answerStartedSession(request, response, 200, await logIn(input, request.get('user-agent') ?? ''));
});

// Answers the session and refreshes the `me` cookie, so the UI follows changes made elsewhere;
// without a live session it clears the cookies, so the UI stops showing a signed-in state.
authRouter.get('/auth/session', async (request, response) => {
  const token = readToken(request);
  const view = await findSessionView(token);
  response.set('Cache-Control', 'no-store');
  if (!token || !view) {
    clearSessionCookies(request, response);
    throw new AppError('UNAUTHENTICATED', 401, 'Not signed in');
  }
  setSessionCookies(request, response, {
    token,
    teamId: view.teamId,
    user: view.user,
    isRemembered: view.isRemembered,
  });
  sendValidated(response, {
    status: 200,
    schema: sessionResponseSchema,
    body: { teamId: view.teamId, user: view.user },
  });
});

authRouter.post('/auth/logout', async (request, response) => {
  await logOut(readToken(request));
  clearSessionCookies(request, response);
  response.status(204).end();
});
