import { authProvidersResponseSchema, googleSignInQuerySchema } from '@formwerk/contracts';
import { Router } from 'express';
import { sendValidated } from '../../platform/send-validated';
import { applySignIn, signInClientOf } from './answer-session';
import { beginSession } from './auth.service';
import { keepGoogleAttempt, takeGoogleAttempt } from './google-attempt';
import { createGoogleChecks, googleAuthorizationUrl, isGoogleSignInOffered } from './google-client';
import { identifyGoogleSignIn } from './google-sign-in.service';
import { loginDialogPath, toSafeRedirectPath } from './login-dialog-path';

export const googleSignInRouter = Router();

// The ways to sign in besides a password, for the login dialog (its Google button).
googleSignInRouter.get('/auth/providers', (_request, response) => {
  sendValidated(response, {
    status: 200,
    schema: authProvidersResponseSchema,
    body: { google: isGoogleSignInOffered() },
  });
});

// The dialog's button: off to Google, with this attempt's checks kept in a sealed cookie. A failure lands
// on the home page with the dialog open and says so there.
googleSignInRouter.get('/auth/google', async (request, response) => {
  const { redirect, locale, rememberMe } = googleSignInQuerySchema.parse(request.query);
  const safeRedirect = toSafeRedirectPath(redirect);
  if (!isGoogleSignInOffered()) {
    response.redirect(303, loginDialogPath(locale, { error: 'google-unavailable', redirect: safeRedirect }));
    return;
  }
  const checks = createGoogleChecks();
  const url = await googleAuthorizationUrl(checks).catch((error: unknown) => {
    request.log.error({ err: error }, 'Google sign-in could not begin: the issuer’s metadata did not load');
    return null;
  });
  if (!url) {
    response.redirect(303, loginDialogPath(locale, { error: 'google-failed', redirect: safeRedirect }));
    return;
  }
  keepGoogleAttempt(request, response, { ...checks, redirect: safeRedirect ?? null, locale, isRemembered: rememberMe });
  response.redirect(303, url.href);
});

// Google's redirect back: the session (or the second step it needs), then the page the dialog was opened
// for; a new account goes to the survey first. Every refusal lands in the dialog with its reason.
googleSignInRouter.get('/auth/google/callback', async (request, response) => {
  const attempt = takeGoogleAttempt(request, response);
  if (!attempt) {
    request.log.warn('Google sign-in refused: no sign-in under way in this browser (cookie missing or expired)');
    response.redirect(303, loginDialogPath('de', { error: 'google-failed' }));
    return;
  }
  const { locale, redirect } = attempt;
  const queryStart = request.originalUrl.indexOf('?');
  const query = queryStart === -1 ? '' : request.originalUrl.slice(queryStart);
  const result = await identifyGoogleSignIn({ query, checks: attempt, locale }, request.log);
  if (result.kind === 'refused') {
    response.redirect(303, loginDialogPath(locale, { error: result.error, redirect: redirect ?? undefined }));
    return;
  }
  const { user, isNewAccount } = result;
  const client = signInClientOf(request, user._id.toString());
  const step = await applySignIn(
    request,
    response,
    await beginSession(user, { method: 'google', isRemembered: attempt.isRemembered, client }),
  );
  const prefix = locale === 'en' ? '/en' : '';
  const target = isNewAccount ? `${prefix}/v1/survey` : (redirect ?? `${prefix}/v1`);
  response.redirect(303, step ? loginDialogPath(locale, { step, redirect: target }) : target);
});
