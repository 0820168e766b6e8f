import {
  addSsoDomainRequestSchema,
  type Locale,
  type SsoError,
  saveSsoConnectionRequestSchema,
  saveSsoSamlConnectionRequestSchema,
  ssoAdminResponseSchema,
  ssoConnectionSchema,
  ssoDomainNameSchema,
  ssoDomainSchema,
  ssoSettingsSchema,
  startSsoRequestSchema,
  startSsoResponseSchema,
} from '@formwerk/contracts';
import express, { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { sendValidated } from '../../platform/send-validated';
import { applySignIn, signInClientOf } from '../auth/answer-session';
import { beginSession } from '../auth/auth.service';
import { loginDialogPath, toSafeRedirectPath } from '../auth/login-dialog-path';
import { requireSession } from '../sessions/require-session';
import { getTeamContext, requireTeamRole } from '../teams/require-team-role';
import { samlServiceProviderMetadata } from './saml-service-provider';
import { findSsoAdminView } from './sso-admin.service';
import { keepSsoAttempt, openSamlAnswer, type SsoAttempt, sealSamlAnswer, takeSsoAttempt } from './sso-attempt';
import {
  removeSsoConnection,
  saveSsoConnection,
  saveSsoSamlConnection,
  saveSsoSettings,
} from './sso-connection.service';
import { addSsoDomain, removeSsoDomain, verifySsoDomain } from './sso-domains.service';
import {
  admitSsoIdentity,
  beginSsoSignIn,
  identifySsoSignIn,
  type SsoSignInResult,
  samlUrlsOf,
  ssoRedirectUri,
  takeSamlAnswer,
} from './sso-sign-in.service';

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

ssoRouter.put('/sso/saml-connection', ...owner, async (request, response) => {
  const input = saveSsoSamlConnectionRequestSchema.parse(request.body);
  const body = await saveSsoSamlConnection(teamIdOf(response), input, request.log);
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
  sendValidated(response, { status: 200, schema: startSsoResponseSchema, body: { url } });
});

const ssoPagePath = (locale: Locale, error: SsoError) => `${locale === 'en' ? '/en' : ''}/sso?error=${error}`;

/** The session in the team (or the second step it needs first), then /v1; a refusal lands on /sso. */
async function answerSsoSignIn(request: Request, response: Response, attempt: SsoAttempt, result: SsoSignInResult) {
  const { locale, redirect, teamId } = attempt;
  if (result.kind === 'refused') {
    response.redirect(303, ssoPagePath(locale, result.error));
    return;
  }
  const { user } = result;
  const client = signInClientOf(request, user._id.toString());
  const outcome = await beginSession(user, { method: 'sso', isRemembered: attempt.isRemembered, client, teamId });
  const step = await applySignIn(request, response, outcome);
  const prefix = locale === 'en' ? '/en' : '';
  const target = redirect ?? `${prefix}/v1`;
  response.redirect(303, step ? loginDialogPath(locale, { step, redirect: target }) : target);
}

/** The attempt of this browser, or its refusal on /sso: gone, or begun for the other protocol. */
function takeAttemptOf<Protocol extends SsoAttempt['protocol']>(
  request: Request,
  response: Response,
  protocol: Protocol,
): Extract<SsoAttempt, { protocol: Protocol }> | null {
  const attempt = takeSsoAttempt(request, response);
  if (!attempt) {
    request.log.warn('SSO refused: no sign-in under way in this browser (cookie missing or expired)');
    response.redirect(303, ssoPagePath('de', 'expired'));
    return null;
  }
  if (attempt.protocol !== protocol) {
    request.log.warn(
      { teamId: attempt.teamId },
      `SSO refused: an answer by ${protocol} to a sign-in by ${attempt.protocol}`,
    );
    response.redirect(303, ssoPagePath(attempt.locale, 'failed'));
    return null;
  }
  return attempt as Extract<SsoAttempt, { protocol: Protocol }>;
}

// An OpenID provider's redirect back.
ssoRouter.get('/sso/callback', async (request, response) => {
  const attempt = takeAttemptOf(request, response, 'oidc');
  if (!attempt) return;
  const queryStart = request.originalUrl.indexOf('?');
  const callbackUrl = new URL(`${ssoRedirectUri()}${queryStart === -1 ? '' : request.originalUrl.slice(queryStart)}`);
  const { teamId, locale } = attempt;
  const result = await identifySsoSignIn({ teamId, callbackUrl, checks: attempt, locale }, request.log);
  await answerSsoSignIn(request, response, attempt, result);
});

const teamIdParamSchema = z.coerce.number().int().positive();

// The team's SAML service provider, for the IdP's administrator or its metadata import.
ssoRouter.get('/sso/saml/:teamId/metadata', (request, response) => {
  const teamId = teamIdParamSchema.parse(request.params.teamId);
  response.type('application/samlmetadata+xml').send(samlServiceProviderMetadata(samlUrlsOf(teamId)));
});

/**
 * The team's Assertion Consumer Service. Mounted before the JSON parser and the CSRF checks (app.ts): the
 * IdP's page posts it from its own site, a form, without this site's cookies. It checks the answer and
 * takes its assertion once, then sends the browser on to `/sso/saml/finish`, whose GET carries the
 * sign-in cookie (SameSite=Lax sends it on a top-level GET), and which signs in.
 */
export const samlAssertionRouter = Router();

samlAssertionRouter.post(
  '/sso/saml/:teamId/acs',
  express.urlencoded({ extended: false, limit: '1mb' }),
  async (request, response) => {
    const teamId = teamIdParamSchema.parse(request.params.teamId);
    const assertion = await takeSamlAnswer(teamId, request.body ?? {}, request.log);
    const query = assertion
      ? `answer=${sealSamlAnswer({
          teamId,
          inResponseTo: assertion.inResponseTo,
          subject: assertion.subject,
          email: assertion.email,
          name: assertion.name,
        })}`
      : 'refused=true';
    response.set('Cache-Control', 'no-store');
    response.redirect(303, `/api/v1/sso/saml/finish?${query}`);
  },
);

// The GET after the ACS: the answer must be to this browser's own AuthnRequest (InResponseTo).
ssoRouter.get('/sso/saml/finish', async (request, response) => {
  const attempt = takeAttemptOf(request, response, 'saml');
  if (!attempt) return;
  const { teamId, locale } = attempt;
  const answer = openSamlAnswer(request.query.answer);
  if (!answer) {
    if (request.query.refused === undefined) request.log.warn({ teamId }, 'SSO refused: no genuine SAML answer');
    response.redirect(303, ssoPagePath(locale, 'failed'));
    return;
  }
  if (answer.teamId !== teamId || answer.inResponseTo !== attempt.requestId) {
    request.log.warn(
      { teamId, inResponseTo: answer.inResponseTo },
      'SSO refused: the SAML answer is not to this browser’s request (InResponseTo)',
    );
    response.redirect(303, ssoPagePath(locale, 'failed'));
    return;
  }
  // The NameID is unique within its IdP only, as an OpenID `sub`; kept apart from those of the same team.
  const identity = { subject: `saml:${answer.subject}`, email: answer.email, isEmailVerified: null, name: answer.name };
  await answerSsoSignIn(request, response, attempt, await admitSsoIdentity(teamId, identity, locale, request.log));
});
