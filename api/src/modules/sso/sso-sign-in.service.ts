import type { SsoError } from '@formwerk/contracts';
import { isDuplicateKey } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { expiryHourOf } from '../../platform/expiring-documents';
import type { Logger } from '../../platform/logger';
import { createAccount } from '../auth/auth.service';
import {
  createOpenIdChecks,
  identifyOpenIdUser,
  isCancelledAtProvider,
  type OpenIdChecks,
  type OpenIdIdentity,
  openIdAuthorizationUrl,
} from '../security/openid-connect';
import { addTeamMember, isTeamMember } from '../teams/teams.service';
import type { User } from '../users/user.model';
import { claimUnverifiedAccount, findUserByEmail, findUserById } from '../users/users.service';
import { SamlAssertionModel } from './saml-assertion.model';
import {
  createSamlAuthnRequest,
  readSamlAnswer,
  SamlAnswerError,
  type SamlAssertion,
  type SamlServiceProviderUrls,
  samlServiceProviderUrls,
} from './saml-service-provider';
import { SsoIdentityModel } from './sso-connection.model';
import { findSsoSettings, findTeamProvider, findTeamSamlMetadata } from './sso-connection.service';
import { findTeamOfDomain, findVerifiedDomainsOf } from './sso-domains.service';
import { domainOfEmail } from './sso-enforcement.service';

let publicUrl: string | null = null;

/** Set once at start from PUBLIC_URL: the provider sends the browser back to this site's callback. */
export function configureSingleSignOn(input: { publicUrl: string }): void {
  publicUrl = input.publicUrl;
}

/** The redirect URI a team registers at its provider. */
export function ssoRedirectUri(): string {
  if (!publicUrl) throw new Error('Single sign-on is not configured (configureSingleSignOn with PUBLIC_URL)');
  return `${publicUrl}/api/v1/sso/callback`;
}

/** The SAML service provider's addresses of a team. */
export function samlUrlsOf(teamId: number): SamlServiceProviderUrls {
  if (!publicUrl) throw new Error('Single sign-on is not configured (configureSingleSignOn with PUBLIC_URL)');
  return samlServiceProviderUrls(publicUrl, teamId);
}

/** What the browser's sign-in cookie must carry to the provider's answer. */
export type SsoChecks = ({ protocol: 'oidc' } & OpenIdChecks) | { protocol: 'saml'; requestId: string };

/**
 * The provider's sign-in page for `email`: the team that verified its domain and has a connection (SAML
 * or OpenID Connect). Any other address gets one answer (SSO_NOT_AVAILABLE), whether its domain is
 * unknown, unverified or its team has no connection.
 */
export async function beginSsoSignIn(
  email: string,
  log: Logger,
): Promise<{ teamId: number; checks: SsoChecks; url: string }> {
  const domain = domainOfEmail(email);
  const teamId = await findTeamOfDomain(domain);
  const samlMetadata = teamId === null ? null : await findTeamSamlMetadata(teamId);
  if (teamId !== null && samlMetadata) {
    const { requestId, url } = createSamlAuthnRequest(samlUrlsOf(teamId), samlMetadata);
    return { teamId, checks: { protocol: 'saml', requestId }, url };
  }
  const provider =
    teamId === null
      ? null
      : await findTeamProvider(teamId).catch((error: unknown) => {
          log.error({ err: error, teamId }, 'SSO could not begin: the provider’s metadata did not load');
          return null;
        });
  if (teamId === null || !provider) {
    log.info({ domain, teamId }, 'SSO refused: no team offers single sign-on for the domain');
    throw new AppError('SSO_NOT_AVAILABLE', 404, 'No single sign-on for this address');
  }
  const checks = createOpenIdChecks();
  const url = await openIdAuthorizationUrl(provider, { checks, redirectUri: ssoRedirectUri() });
  return { teamId, checks: { protocol: 'oidc', ...checks }, url: url.href };
}

export type SsoSignInResult =
  | { kind: 'refused'; error: SsoError }
  | { kind: 'identified'; user: User; isNewAccount: boolean };

const identityIdOf = (teamId: number, subject: string) => `${teamId}:${subject}`;

/**
 * Who an OpenID provider's answer signs in, after openid-client checked it (state, PKCE, issuer,
 * audience, nonce, signature, expiry); then as `admitSsoIdentity`. A refusal changes nothing and says why
 * in one log line.
 */
export async function identifySsoSignIn(
  {
    teamId,
    callbackUrl,
    checks,
    locale,
  }: { teamId: number; callbackUrl: URL; checks: OpenIdChecks; locale: 'de' | 'en' },
  log: Logger,
): Promise<SsoSignInResult> {
  const provider = await findTeamProvider(teamId).catch(() => null);
  if (!provider) {
    log.warn({ teamId }, 'SSO refused: the team’s connection is gone or its provider did not answer');
    return { kind: 'refused', error: 'failed' };
  }
  let identity: OpenIdIdentity;
  try {
    identity = await identifyOpenIdUser(provider, { callbackUrl, checks });
  } catch (error) {
    if (isCancelledAtProvider(error)) {
      log.info({ teamId }, 'SSO cancelled at the provider');
      return { kind: 'refused', error: 'cancelled' };
    }
    log.warn({ err: error, teamId }, 'SSO refused: the provider’s answer failed a check');
    return { kind: 'refused', error: 'failed' };
  }
  return admitSsoIdentity(teamId, identity, locale, log);
}

/**
 * A SAML IdP's answer at the team's ACS: checked (saml-service-provider.ts `readSamlAnswer`) and its
 * assertion taken once (the replay store); null, with a log line, when it is refused. The person is not
 * signed in here: the IdP's POST comes from its site without this site's cookies, so the browser's own
 * request (InResponseTo) is compared at the GET that follows (`admitSsoIdentity` afterwards).
 */
export async function takeSamlAnswer(
  teamId: number,
  body: { SAMLResponse?: unknown },
  log: Logger,
): Promise<SamlAssertion | null> {
  const metadataXml = await findTeamSamlMetadata(teamId);
  if (!metadataXml) {
    log.warn({ teamId }, 'SSO refused: a SAML answer for a team without a SAML connection');
    return null;
  }
  let assertion: SamlAssertion;
  try {
    assertion = await readSamlAnswer(samlUrlsOf(teamId), metadataXml, body);
  } catch (error) {
    if (!(error instanceof SamlAnswerError)) throw error;
    log.warn({ teamId, reason: error.message }, 'SSO refused: the SAML answer failed a check');
    return null;
  }
  try {
    await SamlAssertionModel.create({
      _id: `${teamId} ${assertion.assertionId}`,
      expiresAt: assertion.notOnOrAfter,
      expiresHour: expiryHourOf(assertion.notOnOrAfter),
    });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    log.warn(
      { teamId, assertionId: assertion.assertionId },
      'SSO refused: the SAML assertion was used before (replay)',
    );
    return null;
  }
  return assertion;
}

/**
 * Who a checked identity of the team's provider signs in to: the account linked to the team's subject;
 * else the account of the address, which must be of one of the team's verified domains; else, with
 * just-in-time provisioning, a new account. Whoever is not a member of the team yet joins it with the
 * default role when provisioning is on. A refusal changes nothing and says why in one log line.
 */
export async function admitSsoIdentity(
  teamId: number,
  identity: OpenIdIdentity,
  locale: 'de' | 'en',
  log: Logger,
): Promise<SsoSignInResult> {
  const email = identity.email?.trim().toLowerCase() ?? null;
  const domains = await findVerifiedDomainsOf(teamId);
  // A provider that says it has not verified the address is not believed; one that says nothing is
  // the team's own directory, whose domain the team has proven.
  if (!email || identity.isEmailVerified === false || !domains.includes(domainOfEmail(email))) {
    log.warn(
      { teamId, subject: identity.subject, email },
      'SSO refused: the address is not of the team’s verified domains',
    );
    return { kind: 'refused', error: 'wrong-domain' };
  }
  const settings = await findSsoSettings(teamId);
  const linked = await findLinkedUser(teamId, identity.subject);
  const existing = linked ?? (await findUserByEmail(email));
  if (existing && (await isTeamMember(teamId, existing._id.toString()))) {
    return { kind: 'identified', user: await link(teamId, existing, identity.subject), isNewAccount: false };
  }
  if (!settings.isJitEnabled) {
    log.warn(
      { teamId, subject: identity.subject, email },
      'SSO refused: no member of the team and provisioning is off',
    );
    return { kind: 'refused', error: 'no-account' };
  }
  const { user, isNewAccount } = existing
    ? { user: existing, isNewAccount: false }
    : await createOrFind({ email, name: identity.name, locale });
  await addTeamMember(teamId, user._id.toString(), settings.defaultRole);
  log.info({ teamId, userId: user._id.toString(), isNewAccount }, 'SSO provisioned a member of the team');
  return { kind: 'identified', user: await link(teamId, user, identity.subject), isNewAccount };
}

async function findLinkedUser(teamId: number, subject: string): Promise<User | null> {
  const linked = await SsoIdentityModel.findById(identityIdOf(teamId, subject)).lean<{
    userId: { toString(): string };
  }>();
  return linked ? findUserById(linked.userId.toString()) : null;
}

/**
 * Links the provider's `sub` to the account. An account whose address was never confirmed is confirmed by
 * the team's provider (the domain is the team's) and loses the password typed at its sign-up, as with
 * Google (decision 026).
 */
async function link(teamId: number, user: User, subject: string): Promise<User> {
  const userId = user._id.toString();
  if (!user.emailVerifiedAt) await claimUnverifiedAccount(userId);
  await SsoIdentityModel.updateOne({ _id: identityIdOf(teamId, subject) }, { $set: { userId } }, { upsert: true });
  return (await findUserById(userId)) ?? user;
}

async function createOrFind(input: { email: string; name: string | null; locale: 'de' | 'en' }) {
  try {
    const { user } = await createAccount({
      name: (input.name?.trim() || input.email.split('@')[0] || input.email).slice(0, 100),
      email: input.email,
      password: null,
      locale: input.locale,
      isEmailVerified: true,
    });
    return { user, isNewAccount: true };
  } catch (error) {
    // The same address signed up at this moment: it joins with that account.
    const isRaced = isDuplicateKey(error) || (error instanceof AppError && error.code === 'EMAIL_TAKEN');
    const raced = isRaced ? await findUserByEmail(input.email) : null;
    if (!raced) throw error;
    return { user: raced, isNewAccount: false };
  }
}
