import { generate } from 'otplib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpAndSignIn } from '../../test/accounts';
import { createTestAgent, locationOf, type TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { testPublicUrl } from '../../test/test-mail';
import { SessionModel } from '../sessions/session.model';
import { UserModel } from '../users/user.model';
import { configureGoogleSignIn } from './google-client';
import { type ProviderPerson, startTestOpenIdProvider, type TestOpenIdProvider } from './google-test-provider';
import { LinkedAccountModel } from './linked-account.model';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
const password = 'correct horse battery';
const clientId = 'formwerk-test-client';
const redirectUri = `${testPublicUrl}/api/v1/auth/google/callback`;

// The people who sign in at the stand-in for Google, by their `sub`.
const people: Record<string, ProviderPerson> = {
  'google-new': { email: 'Nina.New@Example.com', email_verified: true, name: 'Nina New' },
  'google-known': { email: 'kim@example.com', email_verified: true, name: 'Kim at Google' },
  'google-unconfirmed': { email: 'una@example.com', email_verified: true, name: 'Una' },
  'google-unverified': { email: 'vic@example.com', email_verified: false, name: 'Vic' },
  'google-checked': { email: 'chris@example.com', email_verified: true, name: 'Chris' },
  'google-two-factor': { email: 'tess@example.com', email_verified: true, name: 'Tess' },
};

let provider: TestOpenIdProvider;

beforeAll(async () => {
  provider = await startTestOpenIdProvider({ clientId, clientSecret: 'a client secret', redirectUri, people });
  configureGoogleSignIn({
    clientId,
    clientSecret: 'a client secret',
    issuer: provider.issuer,
    publicUrl: testPublicUrl,
  });
});

afterAll(async () => {
  await provider.stop();
});

/** Where a redirect leads. */

/** The dialog's button, Google's page as `sub` (null: cancel), and the callback: answers the api's redirect. */
async function signInWithGoogle(browser: TestAgent, sub: string | null, query = 'redirect=/v1/forms&locale=de') {
  const start = await browser.get(`/api/v1/auth/google?${query}`).expect(303);
  expect(locationOf(start)).toMatch(new RegExp(`^${provider.issuer}/auth\\?`));
  const callback = await provider.signIn(locationOf(start), sub);
  return browser.get(`${callback.pathname}${callback.search}`).expect(303);
}

/** What a refused sign-in must leave as it was. */
async function snapshot() {
  return {
    users: await UserModel.find().sort({ email: 1 }).lean(),
    links: await LinkedAccountModel.find().sort({ _id: 1 }).lean(),
    sessions: await SessionModel.countDocuments(),
  };
}

describe('Google sign-in', () => {
  it('is offered once configured, and asks Google for a code with PKCE, state and nonce', async () => {
    expect((await request(app).get('/api/v1/auth/providers').expect(200)).body).toEqual({ google: true });
    const start = await request(app).get('/api/v1/auth/google?locale=en').expect(303);
    const url = new URL(locationOf(start));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const check of ['code_challenge', 'state', 'nonce'])
      expect(url.searchParams.get(check)).toMatch(/^[\w-]{43}$/);
    const cookie = (start.headers['set-cookie'] as unknown as string[]).find((each) =>
      each.startsWith('google-sign-in='),
    );
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/api\/v1\/auth\/google/);
    // Sealed: neither the state nor the PKCE verifier can be read from it.
    expect(cookie).not.toContain(url.searchParams.get('state'));
  });

  it('makes a new address a confirmed account without a password, linked by sub, and goes to the survey', async () => {
    const browser = createTestAgent(app);
    const back = await signInWithGoogle(browser, 'google-new');
    expect(back.headers.location).toBe('/v1/survey');

    const session = await browser.get('/api/v1/auth/session').expect(200);
    expect(session.body.user).toMatchObject({
      email: 'nina.new@example.com',
      name: 'Nina New',
      survey: true,
      emailVerified: true,
    });
    const user = await UserModel.findOne({ email: 'nina.new@example.com' }).lean();
    expect(user?.passwordHash).toBeNull();
    expect(await LinkedAccountModel.findById('google:google-new').lean()).toMatchObject({ userId: user?._id });
    const security = await browser.get('/api/v1/profile/security').expect(200);
    expect(security.body).toMatchObject({ hasPassword: false, isGoogleLinked: true });
    const history = await browser.get('/api/v1/profile/sign-ins').expect(200);
    expect(history.body.entries[0]).toMatchObject({ method: 'google', result: 'succeeded' });

    // Next time the same Google account signs in to it, even under another address at Google.
    people['google-new'] = { email: 'nina@elsewhere.example', email_verified: true, name: 'Nina New' };
    const again = await signInWithGoogle(createTestAgent(app), 'google-new');
    expect(again.headers.location).toBe('/v1/forms');
    expect(await UserModel.countDocuments({ email: 'nina@elsewhere.example' })).toBe(0);
  });

  it('links an account of the same confirmed address; its password keeps working', async () => {
    const kim = createTestAgent(app);
    const signedUp = await signUpAndSignIn(kim, { name: 'Kim', email: 'kim@example.com', password });
    const back = await signInWithGoogle(createTestAgent(app), 'google-known', 'redirect=/en/v1/approve&locale=en');
    expect(back.headers.location).toBe('/en/v1/approve');
    expect(await LinkedAccountModel.findById('google:google-known').lean()).toMatchObject({
      userId: expect.anything(),
      email: 'kim@example.com',
    });
    expect(String((await LinkedAccountModel.findById('google:google-known').lean())?.userId)).toBe(
      signedUp.body.user.id,
    );
    await request(app).post('/api/v1/auth/login').send({ email: 'kim@example.com', password }).expect(200);
  });

  it('confirms an account whose address was never confirmed, and drops the password nobody proved', async () => {
    await request(app)
      .post('/api/v1/auth/sign-up')
      .send({ name: 'Una', email: 'una@example.com', password })
      .expect(202);
    const browser = createTestAgent(app);
    await signInWithGoogle(browser, 'google-unconfirmed');
    expect((await browser.get('/api/v1/auth/session').expect(200)).body.user).toMatchObject({
      email: 'una@example.com',
      emailVerified: true,
    });
    const refused = await request(app)
      .post('/api/v1/auth/login')
      .send({ email: 'una@example.com', password })
      .expect(401);
    expect(refused.body.error.code).toBe('INVALID_CREDENTIALS');
  });

  it('asks for the app’s code when the account has two-factor sign-in on', async () => {
    const tess = createTestAgent(app);
    await signUpAndSignIn(tess, { name: 'Tess', email: 'tess@example.com', password });
    const setup = await tess.post('/api/v1/profile/two-factor/setup').expect(200);
    const step = Math.floor(Date.now() / 30_000);
    await tess
      .post('/api/v1/profile/two-factor/confirm')
      .send({ code: await generate({ secret: setup.body.secret, epoch: step * 30 }) })
      .expect(200);

    const browser = createTestAgent(app);
    const back = await signInWithGoogle(browser, 'google-two-factor');
    expect(back.headers.location).toBe(
      `/?${new URLSearchParams({ login: 'true', loginStep: 'two-factor', redirect: '/v1/forms' })}`,
    );
    await browser.get('/api/v1/auth/session').expect(401);
    await browser
      .post('/api/v1/auth/two-factor')
      .send({ code: await generate({ secret: setup.body.secret, epoch: (step + 1) * 30 }) })
      .expect(200);
    expect((await browser.get('/api/v1/auth/session').expect(200)).body.user.email).toBe('tess@example.com');
    const history = await browser.get('/api/v1/profile/sign-ins').expect(200);
    expect(history.body.entries[0]).toMatchObject({ method: 'google', secondFactor: 'totp' });
  });

  it('never follows a redirect to another site', async () => {
    await signInWithGoogle(createTestAgent(app), 'google-checked');
    for (const redirect of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const back = await signInWithGoogle(
        createTestAgent(app),
        'google-checked',
        `redirect=${encodeURIComponent(redirect)}`,
      );
      expect(back.headers.location).toBe('/v1');
    }
  });
});

describe('a Google answer that fails a check', () => {
  const dialog = (error: string, redirect = '/v1/forms') =>
    `/?${new URLSearchParams({ login: 'true', loginError: error, redirect })}`;

  it.each([
    ['a wrong audience', { claims: { aud: 'someone-else' } }],
    ['a wrong issuer', { claims: { iss: 'https://accounts.google.example' } }],
    ['a wrong nonce', { claims: { nonce: 'not-the-nonce-of-this-sign-in' } }],
    ['an expired ID token', { claims: { exp: Math.floor(Date.now() / 1000) - 600 } }],
    ['a signature by another key', { isSignedByStranger: true }],
  ])('is refused for %s: back in the dialog, nothing changed', async (_case, tampering) => {
    const before = await snapshot();
    const browser = createTestAgent(app);
    const start = await browser.get('/api/v1/auth/google?redirect=/v1/forms&locale=de').expect(303);
    const callback = await provider.signIn(locationOf(start), 'google-checked');
    provider.tamperNextIdToken(tampering);
    const back = await browser.get(`${callback.pathname}${callback.search}`).expect(303);

    expect(back.headers.location).toBe(dialog('google-failed'));
    await browser.get('/api/v1/auth/session').expect(401);
    expect(await snapshot()).toEqual(before);
  });

  it('is refused when Google has not verified the address', async () => {
    const before = await snapshot();
    const back = await signInWithGoogle(createTestAgent(app), 'google-unverified');
    expect(back.headers.location).toBe(dialog('google-unverified'));
    expect(await snapshot()).toEqual(before);
  });

  it('says so when the person cancelled at Google', async () => {
    const before = await snapshot();
    const back = await signInWithGoogle(createTestAgent(app), null, 'redirect=/en/v1/forms&locale=en');
    expect(back.headers.location).toBe(`/en${dialog('google-cancelled', '/en/v1/forms')}`);
    expect(await snapshot()).toEqual(before);
  });

  it('is refused for a state of another sign-in, and without the sign-in’s cookie', async () => {
    const before = await snapshot();
    const browser = createTestAgent(app);
    const start = await browser.get('/api/v1/auth/google?redirect=/v1/forms&locale=de').expect(303);
    const callback = await provider.signIn(locationOf(start), 'google-checked');
    callback.searchParams.set('state', 'a-state-of-another-sign-in-0123456789abcdef');
    const forged = await browser.get(`${callback.pathname}${callback.search}`).expect(303);
    expect(forged.headers.location).toBe(dialog('google-failed'));

    // A callback in a browser that began no sign-in (the link of someone else's).
    const elsewhere = await request(app).get(`${callback.pathname}${callback.search}`).expect(303);
    expect(elsewhere.headers.location).toBe('/?login=true&loginError=google-failed');
    expect(await snapshot()).toEqual(before);
  });

  it('when Google sign-in is not configured, the dialog shows no button and the route says so', async () => {
    configureGoogleSignIn({
      clientId: undefined,
      clientSecret: undefined,
      issuer: undefined,
      publicUrl: testPublicUrl,
    });
    try {
      expect((await request(app).get('/api/v1/auth/providers').expect(200)).body).toEqual({ google: false });
      const start = await request(app).get('/api/v1/auth/google?locale=de&redirect=/v1').expect(303);
      expect(start.headers.location).toBe('/?login=true&loginError=google-unavailable&redirect=%2Fv1');
    } finally {
      configureGoogleSignIn({
        clientId,
        clientSecret: 'a client secret',
        issuer: provider.issuer,
        publicUrl: testPublicUrl,
      });
    }
  });
});
