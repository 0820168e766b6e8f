import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { interactionPolicy, type JWK } from 'oidc-provider';

/** A person at the stand-in for Google: the claims its ID token carries. */
export type ProviderPerson = { email: string; email_verified: boolean; name: string };

/** What a test may do to the ID token of the next code exchange: change claims, or sign with another key. */
export type IdTokenTampering = { claims?: Record<string, unknown>; isSignedByStranger?: boolean };

const keyId = 'test-key';

function rsaKey(): { privateKey: KeyObject; jwk: JWK } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey, jwk: { ...privateKey.export({ format: 'jwk' }), kid: keyId, alg: 'RS256', use: 'sig' } as JWK };
}

// Google's `prompt=select_account` (the account chooser), which oidc-provider does not know by itself.
function googlePrompts() {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }));
  return policy;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/** The ID token with its claims changed, signed again (RS256) with `key`. */
function resign(idToken: string, key: KeyObject, claims: Record<string, unknown>): string {
  const [header = '', payload = ''] = idToken.split('.');
  const input = `${base64url(decode(header))}.${base64url({ ...decode(payload), ...claims })}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

/**
 * An OpenID provider on loopback (oidc-provider 9) standing in for Google's issuer: the same discovery,
 * authorization code flow with PKCE, and RS256 ID tokens with `email` and `email_verified` (as Google
 * puts them in the ID token). The person who signs in at it is chosen by the test (`signIn`), none for a
 * cancel; `tamperNextIdToken` spoils the next token answer the way a forged or misdirected one would be.
 */
export async function startTestOpenIdProvider({
  clientId,
  clientSecret,
  redirectUri,
  people,
}: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  people: Record<string, ProviderPerson>;
}) {
  const signing = rsaKey();
  const stranger = rsaKey();
  let tampering: IdTokenTampering | null = null;
  let provider: Provider | undefined;
  let signingInAs: string | null = null;

  // The provider's login and consent, answered at once for the person the test chose.
  async function finishInteraction(request: IncomingMessage, response: ServerResponse, current: Provider) {
    const details = await current.interactionDetails(request, response);
    if (signingInAs === null) {
      await current.interactionFinished(request, response, {
        error: 'access_denied',
        error_description: 'The person cancelled',
      });
      return;
    }
    const grant = new current.Grant({ accountId: signingInAs, clientId: String(details.params.client_id) });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await current.interactionFinished(
      request,
      response,
      // The person chose their account (Google's chooser), signed in and agreed.
      { select_account: {}, login: { accountId: signingInAs }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const server: Server = createServer((request, response) => {
    const current = provider;
    if (!current) {
      response.statusCode = 503;
      response.end();
      return;
    }
    if (request.url?.startsWith('/interaction/')) {
      finishInteraction(request, response, current).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    current.callback()(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [signing.jwk] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts the email claims into the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { policy: googlePrompts(), url: (_context, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['a test key, nothing to protect'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: (_context, sub) => {
      const person = people[sub];
      return person ? { accountId: sub, claims: () => ({ sub, ...person }) } : undefined;
    },
  });
  provider.use(async (context, next) => {
    await next();
    const body = context.body as { id_token?: string } | undefined;
    if (context.path !== '/token' || !tampering || typeof body?.id_token !== 'string') return;
    const key = tampering.isSignedByStranger ? stranger.privateKey : signing.privateKey;
    body.id_token = resign(body.id_token, key, tampering.claims ?? {});
    tampering = null;
  });

  // The browser's cookies at the provider during one sign-in: its interaction and session cookies.
  const cookies = new Map<string, string>();
  async function visit(url: string): Promise<string> {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`The provider answered ${response.status} without a redirect at ${url}`);
    return new URL(location, url).href;
  }

  return {
    issuer,
    /**
     * Follows Google's sign-in page from the api's redirect as `sub` (null: the person cancels) and
     * answers where the provider sends the browser back: the api's callback with code and state.
     */
    async signIn(authorizationUrl: string, sub: string | null): Promise<URL> {
      // Each sign-in comes from a browser of its own, with no session at the provider yet.
      cookies.clear();
      signingInAs = sub;
      let url = authorizationUrl;
      for (let hops = 0; hops < 10 && !url.startsWith(redirectUri); hops += 1) url = await visit(url);
      if (!url.startsWith(redirectUri)) throw new Error(`The provider never sent the browser back: ${url}`);
      return new URL(url);
    },
    tamperNextIdToken(change: IdTokenTampering): void {
      tampering = change;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TestOpenIdProvider = Awaited<ReturnType<typeof startTestOpenIdProvider>>;
