import {
  forgotPasswordRequestSchema,
  localeSchema,
  loginRequestSchema,
  resendVerificationRequestSchema,
  resetPasswordRequestSchema,
  signUpRequestSchema,
  verifyEmailQuerySchema,
} from '@formwerk/contracts';
import { Router } from 'express';
import { AppError } from '../../platform/errors';
import { clientKeyOf, emailOfBody, rateLimit } from '../../platform/rate-limit';
import { clearSessionCookies, readToken } from '../sessions/session-cookies';
import { answerSession, refreshSessionCookies } from './answer-session';
import { findSessionView, logIn, logOut, signInAs, signUp } from './auth.service';
import { resendVerificationMail, verifyEmail } from './email-verification.service';
import { knownDeviceUserOf, markKnownDevice } from './known-device';
import { requestPasswordReset, resetPassword } from './password-reset.service';

export const authRouter = Router();

const minuteMs = 60_000;
// Limits of the accounts issue, per IP and per account.
const signUpLimit = rateLimit({ name: 'sign-up', limit: 30, windowMs: 60 * minuteMs, accountOf: emailOfBody });
// Per address (an office or a school signs in from one), and per account from one address: a
// stranger elsewhere cannot lock the account's owner out (failures from everywhere only slow sign-ins
// to it down, login-failures.ts).
const loginLimit = rateLimit({
  name: 'login',
  limit: 100,
  accountLimit: 10,
  windowMs: 15 * minuteMs,
  accountOf: (request) => {
    const email = emailOfBody(request);
    return email === undefined ? undefined : `${email} from ${clientKeyOf(request)}`;
  },
});
const forgotPasswordLimit = rateLimit({
  name: 'forgot-password',
  limit: 5,
  windowMs: 60 * minuteMs,
  accountOf: emailOfBody,
});
const verifyMailLimit = rateLimit({
  name: 'verify-mail',
  limit: 10,
  accountLimit: 5,
  windowMs: 60 * minuteMs,
  accountOf: emailOfBody,
});

// The same answer whether or not the address has an account: the mail tells the rest.
authRouter.post('/auth/sign-up', signUpLimit, async (request, response) => {
  await signUp(signUpRequestSchema.parse(request.body));
  response.status(202).end();
});

authRouter.post('/auth/login', loginLimit, async (request, response) => {
  const input = loginRequestSchema.parse(request.body);
  const { token, userId } = await logIn(input, {
    userAgent: request.get('user-agent') ?? '',
    knownUserId: knownDeviceUserOf(request),
  });
  markKnownDevice(request, response, userId);
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

// The same answer whether or not the email has an account.
authRouter.post('/auth/forgot-password', forgotPasswordLimit, async (request, response) => {
  const { email } = forgotPasswordRequestSchema.parse(request.body);
  await requestPasswordReset(email);
  response.status(204).end();
});

authRouter.post('/auth/reset-password', async (request, response) => {
  const input = resetPasswordRequestSchema.parse(request.body);
  const { token } = await resetPassword(input, request.get('user-agent') ?? '');
  await answerSession(request, response, { status: 200, token });
});

// A new verification link for an address not confirmed yet; the same answer for any address.
authRouter.post('/auth/verify-mail', verifyMailLimit, async (request, response) => {
  const { email } = resendVerificationRequestSchema.parse(request.body);
  await resendVerificationMail(email);
  response.status(204).end();
});

// The link of the verification mail. A valid one confirms the address and signs this browser in: it
// lands on the page the v1 guard would send the account to (the survey first), which confirms it. A
// used or unknown one sends a guest to /verify and a signed-in user home.
authRouter.get('/auth/verify', async (request, response) => {
  const { token } = verifyEmailQuerySchema.catch({ token: '' }).parse(request.query);
  const locale = localeSchema.catch('de').parse(request.query.locale);
  const prefix = locale === 'en' ? '/en' : '';
  const user = await verifyEmail(token);
  if (user) {
    const userId = user._id.toString();
    const sessionToken = await signInAs(userId, { isRemembered: false, userAgent: request.get('user-agent') ?? '' });
    await refreshSessionCookies(request, response, sessionToken);
    markKnownDevice(request, response, userId);
    response.redirect(303, `${prefix}/v1${user.survey ? '/survey' : ''}?verified=true`);
    return;
  }
  const sessionToken = readToken(request);
  const isSignedIn = sessionToken ? (await refreshSessionCookies(request, response, sessionToken)) !== null : false;
  response.redirect(303, isSignedIn ? `${prefix}/v1` : `${prefix}/verify?result=invalid`);
});
