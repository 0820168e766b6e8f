import * as openid from 'openid-client';
import { isLoopbackUrl } from '../../platform/config';

/** Set once at start from GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and GOOGLE_ISSUER (config.ts). */
export type GoogleSignInSettings = {
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** https://accounts.google.com unless a test points it at a provider of its own. */
  issuer: string | undefined;
  publicUrl: string;
};

const googleIssuer = 'https://accounts.google.com';
// Discovery and the token exchange are calls to Google while the browser waits: bounded.
const requestTimeoutSeconds = 10;

let settings: { clientId: string; clientSecret: string; issuer: string; redirectUri: string } | null = null;
let configuration: Promise<openid.Configuration> | null = null;

export function configureGoogleSignIn(input: GoogleSignInSettings): void {
  settings =
    input.clientId && input.clientSecret
      ? {
          clientId: input.clientId,
          clientSecret: input.clientSecret,
          issuer: input.issuer ?? googleIssuer,
          redirectUri: `${input.publicUrl}/api/v1/auth/google/callback`,
        }
      : null;
  configuration = null;
}

/** Whether this site offers Google sign-in (the login dialog shows its button then). */
export function isGoogleSignInOffered(): boolean {
  return settings !== null;
}

function settingsOrThrow() {
  if (!settings) throw new Error('Google sign-in is not configured (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET)');
  return settings;
}

/**
 * The issuer's metadata, read once (discovery), again after a failure. ID tokens are checked against its
 * keys too (`enableNonRepudiationChecks`): openid-client by default trusts TLS for the token endpoint's
 * answer, and the issue asks for the signature to be verified as well. Plain http only to a provider on
 * this machine, which only tests run (config.ts refuses any other).
 */
function discover(): Promise<openid.Configuration> {
  const { issuer, clientId, clientSecret } = settingsOrThrow();
  configuration ??= openid
    .discovery(new URL(issuer), clientId, undefined, openid.ClientSecretPost(clientSecret), {
      timeout: requestTimeoutSeconds,
      execute: [
        openid.enableNonRepudiationChecks,
        ...(issuer.startsWith('http://') && isLoopbackUrl(issuer) ? [openid.allowInsecureRequests] : []),
      ],
    })
    .catch((error: unknown) => {
      configuration = null;
      throw error;
    });
  return configuration;
}

/** What one sign-in at Google must find again at its callback; kept in a sealed cookie meanwhile. */
export type GoogleChecks = { state: string; nonce: string; codeVerifier: string };

export function createGoogleChecks(): GoogleChecks {
  return { state: openid.randomState(), nonce: openid.randomNonce(), codeVerifier: openid.randomPKCECodeVerifier() };
}

/** Google's sign-in page for these checks: the authorization code flow with PKCE (S256), state and nonce. */
export async function googleAuthorizationUrl(checks: GoogleChecks): Promise<URL> {
  const config = await discover();
  return openid.buildAuthorizationUrl(config, {
    redirect_uri: settingsOrThrow().redirectUri,
    scope: 'openid email profile',
    code_challenge: await openid.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
    state: checks.state,
    nonce: checks.nonce,
    prompt: 'select_account',
  });
}

export type GoogleIdentity = { subject: string; email: string | null; isEmailVerified: boolean; name: string | null };

/**
 * Trades the callback's code for tokens and answers who signed in, from the ID token, which openid-client
 * has checked: state, PKCE, issuer, audience, nonce, signature, expiry. Throws when any check fails, or when
 * Google answered with an error (`isCancelledAtGoogle`).
 */
export async function identifyGoogleUser(query: string, checks: GoogleChecks): Promise<GoogleIdentity> {
  const config = await discover();
  const callbackUrl = new URL(`${settingsOrThrow().redirectUri}${query}`);
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
    isEmailVerified: claims.email_verified === true,
    name: typeof claims.name === 'string' ? claims.name : null,
  };
}

/** Whether `error` is Google's answer that the person cancelled (or refused the consent). */
export function isCancelledAtGoogle(error: unknown): boolean {
  return error instanceof openid.AuthorizationResponseError && error.error === 'access_denied';
}
