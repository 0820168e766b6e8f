import {
  confirmTwoFactorRequestSchema,
  enrolledSignInResponseSchema,
  forgotPasswordRequestSchema,
  localeSchema,
  loginRequestSchema,
  resendVerificationRequestSchema,
  resetPasswordRequestSchema,
  type SignInStep,
  sessionResponseSchema,
  signUpRequestSchema,
  twoFactorSetupSchema,
  twoFactorSignInRequestSchema,
  verifyEmailQuerySchema,
} from '@formwerk/contracts';
import { type Request, Router } from 'express';
import { AppError } from '../../platform/errors';
import { clientKeyOf, emailOfBody, rateLimit } from '../../platform/rate-limit';
import { sendValidated } from '../../platform/send-validated';
import { clearSessionCookies, readToken } from '../sessions/session-cookies';
import {
  answerSession,
  answerSignIn,
  applySignIn,
  refreshSessionCookies,
  signInClientOf,
  startSignedInSession,
} from './answer-session';
import {
  beginRequiredSetup,
  beginSession,
  completeRequiredSetup,
  completeSecondStep,
  findSessionView,
  logIn,
  logOut,
  signUp,
} from './auth.service';
import { resendVerificationMail, verifyEmail } from './email-verification.service';
import { knownDeviceUserOf } from './known-device';
import { loginDialogPath } from './login-dialog-path';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { readSignInChallenge, type SignInChallenge } from './sign-in-challenge';

export const authRouter = Router();

const minuteMs = 60_000;
// Limits of the accounts issue, per IP and per account.
const signUpLimit = rateLimit({ name: 'sign-up', limit: 30, windowMs: 60 * minuteMs, accountOf: emailOfBody });
// Per address (an office or a school signs in from one), and per account from one address: a
// stranger elsewhere cannot lock the account's owner out (failures from everywhere only slow sign-ins
// to it down, login-failures.ts). The second step counts here too, for the account of its challenge.
const loginLimit = rateLimit({
  name: 'login',
  limit: 100,
  accountLimit: 10,
  windowMs: 15 * minuteMs,
  accountOf: (request) => {
    const email = emailOfBody(request) ?? readSignInChallenge(request)?.email;
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

// The session, or `{ step }` when the account asks for a second step (sign-in-challenge.ts).
authRouter.post('/auth/login', loginLimit, async (request, response) => {
  const input = loginRequestSchema.parse(request.body);
  const user = await logIn(input, { knownUserId: knownDeviceUserOf(request) });
  const client = signInClientOf(request, user._id.toString());
  await answerSignIn(
    request,
    response,
    await beginSession(user, { method: 'password', isRemembered: input.rememberMe, client }),
  );
});

/** The challenge of the step the browser is at; without one (never begun, expired) the sign-in starts over. */
function challengeOf(request: Request, step: SignInStep): SignInChallenge {
  const challenge = readSignInChallenge(request);
  if (challenge?.step !== step) {
    throw new AppError('SIGN_IN_STEP_EXPIRED', 401, 'This sign-in step is over or was never begun; sign in again');
  }
  return challenge;
}

// The code of the authenticator app, or a recovery code; a wrong one counts as a failed sign-in.
authRouter.post('/auth/two-factor', loginLimit, async (request, response) => {
  const challenge = challengeOf(request, 'two-factor');
  const { code } = twoFactorSignInRequestSchema.parse(request.body);
  const client = signInClientOf(request, challenge.userId);
  const token = await completeSecondStep(challenge, code, client, request.log);
  const session = await startSignedInSession(request, response, { userId: challenge.userId, token });
  sendValidated(response, { status: 200, schema: sessionResponseSchema, body: session });
});

// The app a team's requirement asks for, set up before the first session: its secret and QR code ...
authRouter.post('/auth/two-factor/setup', loginLimit, async (request, response) => {
  const setup = await beginRequiredSetup(challengeOf(request, 'enrol-two-factor'));
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: 200, schema: twoFactorSetupSchema, body: setup });
});

// ... and its first code, which opens the session; the recovery codes are shown this once.
authRouter.post('/auth/two-factor/setup/confirm', loginLimit, async (request, response) => {
  const challenge = challengeOf(request, 'enrol-two-factor');
  const { code } = confirmTwoFactorRequestSchema.parse(request.body);
  const client = signInClientOf(request, challenge.userId);
  const { token, recoveryCodes } = await completeRequiredSetup(challenge, code, client, request.log);
  const session = await startSignedInSession(request, response, { userId: challenge.userId, token });
  sendValidated(response, { status: 200, schema: enrolledSignInResponseSchema, body: { ...session, recoveryCodes } });
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

// Signs this browser in afresh, or asks for the second step: the mailed link proves the mailbox, not it.
authRouter.post('/auth/reset-password', async (request, response) => {
  const user = await resetPassword(resetPasswordRequestSchema.parse(request.body));
  const client = signInClientOf(request, user._id.toString());
  await answerSignIn(
    request,
    response,
    await beginSession(user, { method: 'email-link', isRemembered: false, client }),
  );
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
    const client = signInClientOf(request, user._id.toString());
    const outcome = await beginSession(user, { method: 'email-link', isRemembered: false, client });
    const step = await applySignIn(request, response, outcome);
    const target = `${prefix}/v1${user.survey ? '/survey' : ''}`;
    response.redirect(303, step ? loginDialogPath(locale, { step, redirect: target }) : `${target}?verified=true`);
    return;
  }
  const sessionToken = readToken(request);
  const isSignedIn = sessionToken ? (await refreshSessionCookies(request, response, sessionToken)) !== null : false;
  response.redirect(303, isSignedIn ? `${prefix}/v1` : `${prefix}/verify?result=invalid`);
});
