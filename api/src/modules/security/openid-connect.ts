import * as openid from 'openid-client';
import { isLoopbackUrl } from '../../platform/config';

/**
 * The OpenID Connect relying party that Google sign-in and a team's single sign-on share (decisions 026
 * and 030): discovery, the authorization code flow with PKCE (S256), state and nonce, and an ID token
 * checked for issuer, audience, nonce, expiry and its signature against the issuer's keys.
 */
export type OpenIdClient = { issuer: string; clientId: string; clientSecret: string };

// Discovery and the token exchange are calls to the provider while the browser waits: bounded.
const requestTimeoutSeconds = 10;

/**
 * The issuer's metadata. ID tokens are checked against its keys too (`enableNonRepudiationChecks`):
 * openid-client by default trusts TLS for the token endpoint's answer, and the issue asks for the signature
 * to be verified as well. Plain http only to a provider on this machine, which only tests run.
 */
export function discoverOpenIdProvider({
  issuer,
  clientId,
  clientSecret,
}: OpenIdClient): Promise<openid.Configuration> {
  return openid.discovery(new URL(issuer), clientId, undefined, openid.ClientSecretPost(clientSecret), {
    timeout: requestTimeoutSeconds,
    execute: [
      openid.enableNonRepudiationChecks,
      ...(issuer.startsWith('http://') && isLoopbackUrl(issuer) ? [openid.allowInsecureRequests] : []),
    ],
  });
}

/** What one sign-in at the provider must find again at its callback; kept in a sealed cookie meanwhile. */
export type OpenIdChecks = { state: string; nonce: string; codeVerifier: string };

export function createOpenIdChecks(): OpenIdChecks {
  return { state: openid.randomState(), nonce: openid.randomNonce(), codeVerifier: openid.randomPKCECodeVerifier() };
}

/** The provider's sign-in page for these checks. */
export async function openIdAuthorizationUrl(
  config: openid.Configuration,
  { checks, redirectUri, extra = {} }: { checks: OpenIdChecks; redirectUri: string; extra?: Record<string, string> },
): Promise<URL> {
  return openid.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await openid.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
    state: checks.state,
    nonce: checks.nonce,
    ...extra,
  });
}

export type OpenIdIdentity = {
  subject: string;
  email: string | null;
  /** The `email_verified` claim: true, false, or absent (many company providers leave it out). */
  isEmailVerified: boolean | null;
  name: string | null;
};

/**
 * Trades the callback's code for tokens and answers who signed in, from the ID token, which openid-client
 * has checked: state, PKCE, issuer, audience, nonce, signature, expiry. Throws when any check fails, or when
 * the provider answered with an error (`isCancelledAtProvider`).
 */
export async function identifyOpenIdUser(
  config: openid.Configuration,
  { callbackUrl, checks }: { callbackUrl: URL; checks: OpenIdChecks },
): Promise<OpenIdIdentity> {
  const tokens = await openid.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('The token answer has no ID token');
  return {
    subject: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : null,
    isEmailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : null,
    name: typeof claims.name === 'string' ? claims.name : null,
  };
}

/** Whether `error` is the provider's answer that the person cancelled (or refused the consent). */
export function isCancelledAtProvider(error: unknown): boolean {
  return error instanceof openid.AuthorizationResponseError && error.error === 'access_denied';
}
