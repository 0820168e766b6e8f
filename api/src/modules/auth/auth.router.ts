import { loginRequestSchema, signUpRequestSchema } from '@formwerk/contracts';
import { Router } from 'express';
import { AppError } from '../../platform/errors';
import { emailOfBody, rateLimit } from '../../platform/rate-limit';
import { clearSessionCookies, readToken } from '../sessions/session-cookies';
import { answerSession } from './answer-session';
import { findSessionView, logIn, logOut, signUp } from './auth.service';

export const authRouter = Router();

const minuteMs = 60_000;
// Limits of the accounts issue, per IP and per account.
const signUpLimit = rateLimit({ name: 'sign-up', limit: 30, windowMs: 60 * minuteMs, accountOf: emailOfBody });
const loginLimit = rateLimit({ name: 'login', limit: 30, windowMs: 15 * minuteMs, accountOf: emailOfBody });

authRouter.post('/auth/sign-up', signUpLimit, async (request, response) => {
  const input = signUpRequestSchema.parse(request.body);
  const { token } = await signUp(input, request.get('user-agent') ?? '');
  await answerSession(request, response, { status: 201, token });
});

authRouter.post('/auth/login', loginLimit, async (request, response) => {
  const input = loginRequestSchema.parse(request.body);
  const { token } = await logIn(input, request.get('user-agent') ?? '');
  await answerSession(request, response, { status: 200, token });
});

// Refreshes the cookies from the server's view; without a live session it clears them, so the UI
// stops showing a signed-in state.
authRouter.get('/auth/session', async (request, response) => {
  const token = readToken(request);
  if (!token || !(await findSessionView(token))) {
    clearSessionCookies(request, response);
    throw new AppError('UNAUTHENTICATED', 401, 'Not signed in');
  }
  await answerSession(request, response, { status: 200, token });
});

authRouter.post('/auth/logout', async (request, response) => {
  await logOut(readToken(request));
  clearSessionCookies(request, response);
  response.status(204).end();
});
