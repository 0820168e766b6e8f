import {
  addSsoDomainRequestSchema,
  type Locale,
  type SsoError,
  saveSsoConnectionRequestSchema,
  ssoAdminResponseSchema,
  ssoConnectionSchema,
  ssoDomainNameSchema,
  ssoDomainSchema,
  ssoSettingsSchema,
  startSsoRequestSchema,
  startSsoResponseSchema,
} from '@formwerk/contracts';
import { type Response, Router } from 'express';
import { sendValidated } from '../../platform/send-validated';
import { applySignIn, signInClientOf } from '../auth/answer-session';
import { beginSession } from '../auth/auth.service';
import { loginDialogPath, toSafeRedirectPath } from '../auth/login-dialog-path';
import { requireSession } from '../sessions/require-session';
import { getTeamContext, requireTeamRole } from '../teams/require-team-role';
import { findSsoAdminView } from './sso-admin.service';
import { keepSsoAttempt, takeSsoAttempt } from './sso-attempt';
import { removeSsoConnection, saveSsoConnection, saveSsoSettings } from './sso-connection.service';
import { addSsoDomain, removeSsoDomain, verifySsoDomain } from './sso-domains.service';
import { beginSsoSignIn, identifySsoSignIn, ssoRedirectUri } from './sso-sign-in.service';

export const ssoRouter = Router();

// /sso-admin: the team's owner only (its security, as the two-step requirement is the owner's too).
const owner = [requireSession, requireTeamRole('owner')];
const teamIdOf = (response: Response) => getTeamContext(response).teamId;
const domainOf = (value: string | string[] | undefined) => ssoDomainNameSchema.parse(value);

const answerAdminView = async (response: Response, status = 200) => {
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status, schema: ssoAdminResponseSchema, body: await findSsoAdminView(teamIdOf(response)) });
};

ssoRouter.get('/sso/admin', ...owner, async (_request, response) => {
  await answerAdminView(response);
});

ssoRouter.post('/sso/domains', ...owner, async (request, response) => {
  const { domain } = addSsoDomainRequestSchema.parse(request.body);
  sendValidated(response, {
    status: 201,
    schema: ssoDomainSchema,
    body: await addSsoDomain(teamIdOf(response), domain),
  });
});

ssoRouter.post('/sso/domains/:domain/verify', ...owner, async (request, response) => {
  const body = await verifySsoDomain(teamIdOf(response), domainOf(request.params.domain));
  sendValidated(response, { status: 200, schema: ssoDomainSchema, body });
});

ssoRouter.delete('/sso/domains/:domain', ...owner, async (request, response) => {
  await removeSsoDomain(teamIdOf(response), domainOf(request.params.domain));
  response.status(204).end();
});

ssoRouter.put('/sso/connection', ...owner, async (request, response) => {
  const input = saveSsoConnectionRequestSchema.parse(request.body);
  const body = await saveSsoConnection(teamIdOf(response), input, request.log);
  sendValidated(response, { status: 200, schema: ssoConnectionSchema, body });
});

ssoRouter.delete('/sso/connection', ...owner, async (_request, response) => {
  await removeSsoConnection(teamIdOf(response));
  response.status(204).end();
});

ssoRouter.put('/sso/settings', ...owner, async (request, response) => {
  const settings = ssoSettingsSchema.parse(request.body);
  sendValidated(response, {
    status: 200,
    schema: ssoSettingsSchema,
    body: await saveSsoSettings(teamIdOf(response), settings),
  });
});

// /sso's email step: the provider's page of the address's team, the checks kept in a sealed cookie.
ssoRouter.post('/sso/start', async (request, response) => {
  const { email, locale, redirect, rememberMe } = startSsoRequestSchema.parse(request.body);
  const { teamId, checks, url } = await beginSsoSignIn(email, request.log);
  keepSsoAttempt(request, response, {
    teamId,
    ...checks,
    redirect: toSafeRedirectPath(redirect) ?? null,
    locale,
    isRemembered: rememberMe,
  });
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: 200, schema: startSsoResponseSchema, body: { url: url.href } });
});

const ssoPagePath = (locale: Locale, error: SsoError) => `${locale === 'en' ? '/en' : ''}/sso?error=${error}`;

// The provider's redirect back: the session in the team (or the second step it needs first), then /v1.
// Every refusal lands on /sso with its reason.
ssoRouter.get('/sso/callback', async (request, response) => {
  const attempt = takeSsoAttempt(request, response);
  if (!attempt) {
    request.log.warn('SSO refused: no sign-in under way in this browser (cookie missing or expired)');
    response.redirect(303, ssoPagePath('de', 'expired'));
    return;
  }
  const { locale, redirect, teamId } = attempt;
  const queryStart = request.originalUrl.indexOf('?');
  const callbackUrl = new URL(`${ssoRedirectUri()}${queryStart === -1 ? '' : request.originalUrl.slice(queryStart)}`);
  const result = await identifySsoSignIn({ teamId, callbackUrl, checks: attempt, locale }, request.log);
  if (result.kind === 'refused') {
    response.redirect(303, ssoPagePath(locale, result.error));
    return;
  }
  const { user } = result;
  const client = signInClientOf(request, user._id.toString());
  // The sign-in history has no method of its own for SSO yet (contracts' signInMethodSchema): an
  // OpenID Connect provider's word, as Google's.
  const outcome = await beginSession(user, { method: 'sso', isRemembered: attempt.isRemembered, client, teamId });
  const step = await applySignIn(request, response, outcome);
  const prefix = locale === 'en' ? '/en' : '';
  const target = redirect ?? `${prefix}/v1`;
  response.redirect(303, step ? loginDialogPath(locale, { step, redirect: target }) : target);
});
