import { startDnsServer } from '@formwerk/build-config/dns-server';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpMemberOf, signUpPerson, type TestPerson } from '../../test/accounts';
import { createTestAgent, locationOf, type TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { testPublicUrl } from '../../test/test-mail';
import { configureGoogleSignIn } from '../auth/google-client';
import { type ProviderPerson, startTestOpenIdProvider, type TestOpenIdProvider } from '../auth/google-test-provider';
import { LinkedAccountModel } from '../auth/linked-account.model';
import { configureDnsServers } from '../custom-domains/txt-records';
import { TeamModel } from '../teams/team.model';
import { UserModel } from '../users/user.model';
import { SsoConnectionModel, SsoIdentityModel } from './sso-connection.model';
import { configureSingleSignOn } from './sso-sign-in.service';
import { signInTraces, verifyDomain } from './sso-test-kit';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
const password = 'correct horse battery';
const clientId = 'acme-formwerk';
const clientSecret = 'the client secret of acme';
const redirectUri = `${testPublicUrl}/api/v1/sso/callback`;

// The people of Acme's provider, by their `sub`.
const people: Record<string, ProviderPerson> = {
  'acme-ann': { email: 'ann@acme.test', email_verified: true, name: 'Ann Acme' },
  'acme-jo': { email: 'Jo@Acme.test', email_verified: true, name: 'Jo New' },
  'acme-kai': { email: 'kai@acme.test', email_verified: true, name: 'Kai' },
  'acme-eve': { email: 'eve@elsewhere.test', email_verified: true, name: 'Eve' },
  'acme-una': { email: 'una@acme.test', email_verified: false, name: 'Una' },
};

let provider: TestOpenIdProvider;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let olga: TestPerson;
let ann: TestPerson;

/** Olga, the owner, verifies acme.test and connects the provider, as /sso-admin does. */
async function setUpAcme(): Promise<void> {
  await verifyDomain(olga, dns, 'acme.test');
  await olga.agent
    .put('/api/v1/sso/connection')
    .send({ discoveryUrl: `${provider.issuer}/.well-known/openid-configuration`, clientId, clientSecret })
    .expect(200);
}

beforeAll(async () => {
  configureSingleSignOn({ publicUrl: testPublicUrl });
  dns = await startDnsServer();
  configureDnsServers([dns.address]);
  provider = await startTestOpenIdProvider({ clientId, clientSecret, redirectUri, people });
  olga = await signUpPerson(app, 'Olga', { email: 'olga@acme.test' });
  ann = await signUpMemberOf(app, olga, 'Ann', { email: 'ann@acme.test' });
  await setUpAcme();
});

afterAll(async () => {
  configureDnsServers(undefined);
  await Promise.all([provider.stop(), dns.stop()]);
});

/** /sso's email step, the provider's page as `sub`, and the callback: answers the api's redirect. */
async function signInWithSso(browser: TestAgent, email: string, sub: string | null, edit?: (callback: URL) => void) {
  const start = await browser.post('/api/v1/sso/start').send({ email, locale: 'de' }).expect(200);
  const callback = await provider.signIn(start.body.url, sub);
  edit?.(callback);
  return browser.get(`${callback.pathname}${callback.search}`).expect(303);
}

describe('the team’s domains and connection (/sso-admin)', () => {
  it('keeps a domain pending until its TXT record is seen through DNS, then verifies it', async () => {
    const sam = await signUpPerson(app, 'Sam', { email: 'sam@sample.test' });
    const added = await sam.agent.post('/api/v1/sso/domains').send({ domain: ' Sample.TEST. ' }).expect(201);
    expect(added.body).toMatchObject({
      domain: 'sample.test',
      recordName: '_formwerk-sso.sample.test',
      recordValue: expect.stringMatching(/^formwerk-sso-verification=[0-9a-f]{32}$/),
      status: 'pending',
    });
    const missing = await sam.agent.post('/api/v1/sso/domains/sample.test/verify').expect(200);
    expect(missing.body).toMatchObject({ status: 'pending', lastProblem: 'recordMissing' });
    dns.records.set(added.body.recordName, ['formwerk-sso-verification=someone else']);
    const mismatch = await sam.agent.post('/api/v1/sso/domains/sample.test/verify').expect(200);
    expect(mismatch.body).toMatchObject({ status: 'pending', lastProblem: 'recordMismatch' });
    dns.records.set(added.body.recordName, [added.body.recordValue]);
    const verified = await sam.agent.post('/api/v1/sso/domains/sample.test/verify').expect(200);
    expect(verified.body).toMatchObject({ status: 'verified', lastProblem: null, verifiedAt: expect.any(String) });
  });

  it('when another team verified the domain, refuses it to a second team', async () => {
    const rival = await signUpPerson(app, 'Rita', { email: 'rita@rival.test' });
    const refused = await rival.agent.post('/api/v1/sso/domains').send({ domain: 'acme.test' }).expect(409);
    expect(refused.body.error.code).toBe('SSO_DOMAIN_TAKEN');
  });

  it('answers only the team owner: a member gets 403', async () => {
    const refused = await ann.agent.get('/api/v1/sso/admin').expect(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    const view = await olga.agent.get('/api/v1/sso/admin').expect(200);
    expect(view.body).toMatchObject({
      domains: [{ domain: 'acme.test', status: 'verified' }],
      connection: { issuer: provider.issuer, clientId, hasClientSecret: true },
      settings: { defaultRole: 'member', isJitEnabled: false, isEnforced: false },
      redirectUri,
    });
  });

  it('keeps the client secret sealed at rest and never answers it', async () => {
    const stored = await SsoConnectionModel.findById(olga.teamId).lean();
    expect(stored?.sealedClientSecret).toBeTruthy();
    expect(stored?.sealedClientSecret).not.toContain(clientSecret);
    const view = await olga.agent.get('/api/v1/sso/admin').expect(200);
    expect(JSON.stringify(view.body)).not.toContain(clientSecret);
  });

  it('when the discovery document does not load, refuses the connection and keeps the old one', async () => {
    const refused = await olga.agent
      .put('/api/v1/sso/connection')
      .send({ discoveryUrl: 'http://127.0.0.1:9/.well-known/openid-configuration', clientId: 'other' })
      .expect(400);
    expect(refused.body.error.code).toBe('SSO_DISCOVERY_FAILED');
    expect((await SsoConnectionModel.findById(olga.teamId).lean())?.clientId).toBe(clientId);
  });
});

describe('signing in through the team’s provider (/sso)', () => {
  it('signs a member in at the provider and opens the session in the team', async () => {
    const browser = createTestAgent(app);
    const back = await signInWithSso(browser, 'ann@acme.test', 'acme-ann');
    expect(locationOf(back)).toBe('/v1');
    const session = await browser.get('/api/v1/auth/session').expect(200);
    expect(session.body).toMatchObject({ teamId: olga.teamId, user: { email: 'ann@acme.test' } });
    expect(await SsoIdentityModel.findById(`${olga.teamId}:acme-ann`).lean()).toMatchObject({
      userId: expect.anything(),
    });
  });

  it('asks the provider with PKCE, state and nonce, the checks sealed in an httpOnly cookie', async () => {
    const start = await request(app).post('/api/v1/sso/start').send({ email: 'ann@acme.test' }).expect(200);
    const url = new URL(start.body.url);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge_method: 'S256',
    });
    const cookie = (start.headers['set-cookie'] as unknown as string[]).find((each) => each.startsWith('sso-sign-in='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).not.toContain(url.searchParams.get('state'));
  });

  it('when the domain is unknown or not verified, answers SSO_NOT_AVAILABLE', async () => {
    for (const email of ['someone@nowhere.test', 'sam@unverified.test']) {
      const refused = await request(app).post('/api/v1/sso/start').send({ email }).expect(404);
      expect(refused.body.error.code).toBe('SSO_NOT_AVAILABLE');
    }
  });

  it('when provisioning is off, refuses a person without an account and changes nothing', async () => {
    const before = await signInTraces(olga.teamId);
    const back = await signInWithSso(createTestAgent(app), 'jo@acme.test', 'acme-jo');
    expect(locationOf(back)).toBe('/sso?error=no-account');
    expect(await signInTraces(olga.teamId)).toEqual(before);
  });

  it('with provisioning on, creates the account and its membership with the default role', async () => {
    await olga.agent
      .put('/api/v1/sso/settings')
      .send({ defaultRole: 'admin', isJitEnabled: true, isEnforced: false })
      .expect(200);
    const browser = createTestAgent(app);
    expect(locationOf(await signInWithSso(browser, 'jo@acme.test', 'acme-jo'))).toBe('/v1');
    const jo = await UserModel.findOne({ email: 'jo@acme.test' }).lean();
    expect(jo).toMatchObject({ name: 'Jo New', passwordHash: null, emailVerifiedAt: expect.any(Date) });
    const team = await TeamModel.findOne({ teamId: olga.teamId }).lean();
    expect(team?.members.find((member) => String(member.userId) === String(jo?._id))?.role).toBe('admin');
    expect((await browser.get('/api/v1/auth/session').expect(200)).body.teamId).toBe(olga.teamId);
  });

  it('refuses an address outside the team’s verified domains, or one the provider has not verified', async () => {
    const before = await signInTraces(olga.teamId);
    for (const sub of ['acme-eve', 'acme-una']) {
      const back = await signInWithSso(createTestAgent(app), 'kai@acme.test', sub);
      expect(locationOf(back)).toBe('/sso?error=wrong-domain');
    }
    expect(await signInTraces(olga.teamId)).toEqual(before);
  });

  it.each([
    ['a wrong audience', { claims: { aud: 'someone-else' } }],
    ['a wrong issuer', { claims: { iss: 'http://127.0.0.1:1' } }],
    ['a wrong nonce', { claims: { nonce: 'not-the-one-sent' } }],
    ['a stranger’s signature', { isSignedByStranger: true }],
  ])('refuses an ID token with %s and changes nothing', async (_case, tampering) => {
    const before = await signInTraces(olga.teamId);
    const browser = createTestAgent(app);
    const start = await browser.post('/api/v1/sso/start').send({ email: 'kai@acme.test', locale: 'en' }).expect(200);
    const callback = await provider.signIn(start.body.url, 'acme-kai');
    provider.tamperNextIdToken(tampering);
    const back = await browser.get(`${callback.pathname}${callback.search}`).expect(303);
    expect(locationOf(back)).toBe('/en/sso?error=failed');
    expect(await signInTraces(olga.teamId)).toEqual(before);
  });

  it('refuses a callback with another state, a cancel, and one without the sign-in cookie', async () => {
    const before = await signInTraces(olga.teamId);
    const tampered = await signInWithSso(createTestAgent(app), 'kai@acme.test', 'acme-kai', (callback) =>
      callback.searchParams.set('state', 'forged'),
    );
    expect(locationOf(tampered)).toBe('/sso?error=failed');
    expect(locationOf(await signInWithSso(createTestAgent(app), 'kai@acme.test', null))).toBe('/sso?error=cancelled');
    const start = await createTestAgent(app).post('/api/v1/sso/start').send({ email: 'kai@acme.test' }).expect(200);
    const callback = await provider.signIn(start.body.url, 'acme-kai');
    const stranger = await request(app).get(`${callback.pathname}${callback.search}`).expect(303);
    expect(locationOf(stranger)).toBe('/sso?error=expired');
    expect(await signInTraces(olga.teamId)).toEqual(before);
  });
});

describe('enforced single sign-on', () => {
  it('refuses enforcement to a team without a connection and a verified domain', async () => {
    const tom = await signUpPerson(app, 'Tom');
    const refused = await tom.agent
      .put('/api/v1/sso/settings')
      .send({ defaultRole: 'member', isJitEnabled: false, isEnforced: true })
      .expect(409);
    expect(refused.body.error.code).toBe('SSO_NOT_CONFIGURED');
  });

  it('blocks the password sign-in of the domain’s people, but the owner’s break-glass works', async () => {
    await olga.agent
      .put('/api/v1/sso/settings')
      .send({ defaultRole: 'member', isJitEnabled: true, isEnforced: true })
      .expect(200);
    const blocked = await request(app)
      .post('/api/v1/auth/login')
      .send({ email: 'ann@acme.test', password })
      .expect(403);
    expect(blocked.body.error.code).toBe('SSO_REQUIRED');
    // A wrong password still says only that it is wrong.
    await request(app).post('/api/v1/auth/login').send({ email: 'ann@acme.test', password: 'wrong one' }).expect(401);
    await request(app).post('/api/v1/auth/login').send({ email: 'olga@acme.test', password }).expect(200);
    // Ann still gets in, through the provider.
    expect(locationOf(await signInWithSso(createTestAgent(app), 'ann@acme.test', 'acme-ann'))).toBe('/v1');
  });

  it('refuses Google to the domain’s people and to a new address of it, but not to the owner', async () => {
    await olga.agent
      .put('/api/v1/sso/settings')
      .send({ defaultRole: 'member', isJitEnabled: true, isEnforced: true })
      .expect(200);
    const google = await startTestOpenIdProvider({
      clientId: 'formwerk-at-google',
      clientSecret: 'the client secret at google',
      redirectUri: `${testPublicUrl}/api/v1/auth/google/callback`,
      people: {
        'google-ann': { email: 'ann@acme.test', email_verified: true, name: 'Ann' },
        'google-neo': { email: 'Neo@Acme.test', email_verified: true, name: 'Neo' },
        'google-olga': { email: 'olga@acme.test', email_verified: true, name: 'Olga' },
      },
    });
    configureGoogleSignIn({
      clientId: 'formwerk-at-google',
      clientSecret: 'the client secret at google',
      issuer: google.issuer,
      publicUrl: testPublicUrl,
    });
    const signInWithGoogle = async (browser: TestAgent, sub: string) => {
      const start = await browser.get('/api/v1/auth/google?redirect=/v1/forms&locale=de').expect(303);
      const callback = await google.signIn(locationOf(start), sub);
      return browser.get(`${callback.pathname}${callback.search}`).expect(303);
    };
    try {
      const before = { ...(await signInTraces(olga.teamId)), links: await LinkedAccountModel.countDocuments() };
      for (const sub of ['google-ann', 'google-neo']) {
        const browser = createTestAgent(app);
        const back = await signInWithGoogle(browser, sub);
        expect(locationOf(back)).toBe('/?login=true&loginError=sso-required&redirect=%2Fv1%2Fforms');
        await browser.get('/api/v1/auth/session').expect(401);
      }
      // No account for Neo, no Google account linked to Ann's, no session.
      expect({ ...(await signInTraces(olga.teamId)), links: await LinkedAccountModel.countDocuments() }).toEqual(
        before,
      );
      const owner = createTestAgent(app);
      expect(locationOf(await signInWithGoogle(owner, 'google-olga'))).not.toContain('loginError');
      expect((await owner.get('/api/v1/auth/session').expect(200)).body.user.email).toBe('olga@acme.test');
    } finally {
      configureGoogleSignIn({
        clientId: undefined,
        clientSecret: undefined,
        issuer: undefined,
        publicUrl: testPublicUrl,
      });
      await google.stop();
    }
  });
});
