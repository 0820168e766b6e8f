import type { Configuration } from 'openid-client';
import {
  createOpenIdChecks,
  discoverOpenIdProvider,
  identifyOpenIdUser,
  isCancelledAtProvider,
  type OpenIdChecks,
  openIdAuthorizationUrl,
} from '../security/openid-connect';

/** Set once at start from GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and GOOGLE_ISSUER (config.ts). */
export type GoogleSignInSettings = {
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** https://accounts.google.com unless a test points it at a provider of its own. */
  issuer: string | undefined;
  publicUrl: string;
};

const googleIssuer = 'https://accounts.google.com';

let settings: { clientId: string; clientSecret: string; issuer: string; redirectUri: string } | null = null;
let configuration: Promise<Configuration> | null = null;

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

/** Google's metadata, read once (discovery), again after a failure. */
function discover(): Promise<Configuration> {
  configuration ??= discoverOpenIdProvider(settingsOrThrow()).catch((error: unknown) => {
    configuration = null;
    throw error;
  });
  return configuration;
}

export type GoogleChecks = OpenIdChecks;
export const createGoogleChecks = createOpenIdChecks;

/** Google's sign-in page for these checks, with its account chooser. */
export async function googleAuthorizationUrl(checks: GoogleChecks): Promise<URL> {
  return openIdAuthorizationUrl(await discover(), {
    checks,
    redirectUri: settingsOrThrow().redirectUri,
    extra: { prompt: 'select_account' },
  });
}

export type GoogleIdentity = { subject: string; email: string | null; isEmailVerified: boolean; name: string | null };

/** Who signed in at Google, from its checked ID token (security/openid-connect.ts `identifyOpenIdUser`). */
export async function identifyGoogleUser(query: string, checks: GoogleChecks): Promise<GoogleIdentity> {
  const callbackUrl = new URL(`${settingsOrThrow().redirectUri}${query}`);
  const identity = await identifyOpenIdUser(await discover(), { callbackUrl, checks });
  return { ...identity, isEmailVerified: identity.isEmailVerified === true };
}

/** Whether `error` is Google's answer that the person cancelled (or refused the consent). */
export const isCancelledAtGoogle = isCancelledAtProvider;
