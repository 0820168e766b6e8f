import { startDnsServer } from '@formwerk/build-config/dns-server';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpMemberOf, signUpPerson, type TestPerson } from '../../test/accounts';
import { createTestAgent, locationOf, type TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { testPublicUrl } from '../../test/test-mail';
import { configureDnsServers } from '../custom-domains/txt-records';
import { TeamModel } from '../teams/team.model';
import { UserModel } from '../users/user.model';
import { SamlAssertionModel } from './saml-assertion.model';
import {
  type SamlTampering,
  startTestSamlIdentityProvider,
  type TestSamlIdentityProvider,
} from './saml-test-identity-provider';
import { SsoConnectionModel, SsoIdentityModel } from './sso-connection.model';
import { configureSingleSignOn } from './sso-sign-in.service';
import { signInTraces, verifyDomain } from './sso-test-kit';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
const password = 'correct horse battery';

let idp: TestSamlIdentityProvider;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let olga: TestPerson;
let serviceProviderMetadata: string;

beforeAll(async () => {
  configureSingleSignOn({ publicUrl: testPublicUrl });
  dns = await startDnsServer();
  configureDnsServers([dns.address]);
  idp = await startTestSamlIdentityProvider({
    people: {
      ann: { email: 'ann@acme.test', name: 'Ann Acme' },
      jo: { email: 'jo@acme.test', name: 'Jo New' },
      kai: { email: 'kai@acme.test', name: 'Kai' },
      eve: { email: 'eve@elsewhere.test', name: 'Eve' },
    },
  });
  olga = await signUpPerson(app, 'Olga', { email: 'olga@acme.test' });
  await signUpMemberOf(app, olga, 'Ann', { email: 'ann@acme.test' });
  await verifyDomain(olga, dns, 'acme.test');
  await olga.agent.put('/api/v1/sso/saml-connection').send({ metadataXml: idp.metadataXml }).expect(200);
  serviceProviderMetadata = (await request(app).get(`/api/v1/sso/saml/${olga.teamId}/metadata`).expect(200)).text;
});

afterAll(async () => {
  configureDnsServers(undefined);
  await Promise.all([idp.stop(), dns.stop()]);
});

/** /sso's email step, the IdP's sign-in as `personId`, and its answer posted from the IdP's page. */
async function postIdpAnswer(browser: TestAgent, email: string, personId: string, tampering?: SamlTampering) {
  const start = await browser.post('/api/v1/sso/start').send({ email, locale: 'de' }).expect(200);
  if (tampering) idp.tamperNextAnswer(tampering);
  const { acsUrl, samlResponse } = await idp.signIn(start.body.url, { serviceProviderMetadata, personId });
  const posted = await browser
    .post(acsUrl.pathname)
    .type('form')
    // A form post from the IdP's site, as a browser marks it.
    .set('Origin', new URL(idp.entityId).origin)
    .set('Sec-Fetch-Site', 'cross-site')
    .send({ SAMLResponse: samlResponse })
    .expect(303);
  return { posted, samlResponse, acsUrl };
}

/** The whole sign-in: answers the api's last redirect, after the GET that follows the IdP's post. */
async function signInWithSaml(browser: TestAgent, email: string, personId: string, tampering?: SamlTampering) {
  const { posted } = await postIdpAnswer(browser, email, personId, tampering);
  return browser.get(locationOf(posted)).expect(303);
}

describe('the team’s SAML connection (/sso-admin)', () => {
  it('reads the IdP’s metadata on save and shows what the IdP needs of this team’s service provider', async () => {
    const view = await olga.agent.get('/api/v1/sso/admin').expect(200);
    const base = `${testPublicUrl}/api/v1/sso/saml/${olga.teamId}`;
    expect(view.body).toMatchObject({
      connection: {
        protocol: 'saml',
        entityId: idp.entityId,
        ssoUrl: `${new URL(idp.entityId).origin}/sso`,
        certificateExpiresAt: expect.any(String),
      },
      samlServiceProvider: { entityId: `${base}/metadata`, acsUrl: `${base}/acs`, metadataUrl: `${base}/metadata` },
    });
    expect(serviceProviderMetadata).toContain(`entityID="${base}/metadata"`);
    expect(serviceProviderMetadata).toContain(`Location="${base}/acs"`);
    expect(serviceProviderMetadata).toContain('WantAssertionsSigned="true"');
  });

  it.each([
    ['text that is no metadata', 'not xml at all'],
    [
      'metadata without a signing certificate',
      () => idp.metadataXml.replace(/<(\w+:)?KeyDescriptor[\s\S]*<\/(\w+:)?KeyDescriptor>/, ''),
    ],
    [
      'metadata that wants signed requests',
      () => idp.metadataXml.replace('WantAuthnRequestsSigned="false"', 'WantAuthnRequestsSigned="true"'),
    ],
  ])('refuses %s and keeps the connection as it was', async (_case, metadata) => {
    const metadataXml = typeof metadata === 'string' ? metadata : metadata();
    expect(metadataXml).not.toBe(idp.metadataXml);
    const refused = await olga.agent.put('/api/v1/sso/saml-connection').send({ metadataXml }).expect(400);
    expect(refused.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { issues: [{ path: ['metadataXml'] }] },
    });
    expect((await SsoConnectionModel.findById(olga.teamId).lean())?.samlEntityId).toBe(idp.entityId);
  });

  it('answers only the team owner', async () => {
    const sam = await signUpMemberOf(app, olga, 'Sam', { email: 'sam@acme.test' });
    await sam.agent.put('/api/v1/sso/saml-connection').send({ metadataXml: idp.metadataXml }).expect(403);
  });
});

describe('signing in through the team’s SAML IdP (/sso)', () => {
  it('signs a member in by the IdP’s signed assertion and opens the session in the team', async () => {
    const browser = createTestAgent(app);
    const start = await browser.post('/api/v1/sso/start').send({ email: 'ann@acme.test' }).expect(200);
    const authnRequest = new URL(start.body.url);
    expect(authnRequest.origin).toBe(new URL(idp.entityId).origin);
    expect(authnRequest.searchParams.get('SAMLRequest')).toBeTruthy();

    const back = await signInWithSaml(browser, 'ann@acme.test', 'ann');
    expect(locationOf(back)).toBe('/v1');
    const session = await browser.get('/api/v1/auth/session').expect(200);
    expect(session.body).toMatchObject({ teamId: olga.teamId, user: { email: 'ann@acme.test' } });
    expect(await SsoIdentityModel.findById(`${olga.teamId}:saml:ann@acme.test`).lean()).toBeTruthy();
  });

  it('keeps each assertion taken until its own expiry, for the housekeeping job to remove', async () => {
    const taken = await SamlAssertionModel.find().lean();
    expect(taken.length).toBeGreaterThan(0);
    for (const assertion of taken) {
      expect(assertion._id.startsWith(`${olga.teamId} _`)).toBe(true);
      expect(assertion.expiresHour).toBe(Math.floor(assertion.expiresAt.getTime() / 3_600_000));
    }
  });

  it('when provisioning is off, refuses a person without an account and changes nothing', async () => {
    const before = await signInTraces(olga.teamId);
    expect(locationOf(await signInWithSaml(createTestAgent(app), 'jo@acme.test', 'jo'))).toBe('/sso?error=no-account');
    expect(await signInTraces(olga.teamId)).toEqual(before);
  });

  it('with provisioning on, creates the account and its membership with the default role', async () => {
    await olga.agent
      .put('/api/v1/sso/settings')
      .send({ defaultRole: 'member', isJitEnabled: true, isEnforced: false })
      .expect(200);
    const browser = createTestAgent(app);
    expect(locationOf(await signInWithSaml(browser, 'jo@acme.test', 'jo'))).toBe('/v1');
    const jo = await UserModel.findOne({ email: 'jo@acme.test' }).lean();
    expect(jo).toMatchObject({ name: 'Jo New', passwordHash: null, emailVerifiedAt: expect.any(Date) });
    const team = await TeamModel.findOne({ teamId: olga.teamId }).lean();
    expect(team?.members.find((member) => String(member.userId) === String(jo?._id))?.role).toBe('member');
  });

  it('refuses an assertion for an address outside the team’s verified domains', async () => {
    const before = await signInTraces(olga.teamId);
    expect(locationOf(await signInWithSaml(createTestAgent(app), 'kai@acme.test', 'eve'))).toBe(
      '/sso?error=wrong-domain',
    );
    expect(await signInTraces(olga.teamId)).toEqual(before);
  });

  it.each<[string, SamlTampering]>([
    ['a wrong audience', { audience: 'https://someone-else.test/saml' }],
    ['a wrong issuer', { issuer: 'https://idp.elsewhere.test/metadata' }],
    ['an expired assertion', { isExpired: true }],
    ['a stranger’s signature', { isSignedByStranger: true }],
    ['an address changed after signing', { edit: { from: 'kai@acme.test', to: 'ann@acme.test' } }],
    ['an answer to another request (InResponseTo)', { inResponseTo: '_someone-elses-request' }],
  ])('refuses %s and changes nothing', async (_case, tampering) => {
    const before = await signInTraces(olga.teamId);
    const browser = createTestAgent(app);
    const start = await browser.post('/api/v1/sso/start').send({ email: 'kai@acme.test', locale: 'en' }).expect(200);
    idp.tamperNextAnswer(tampering);
    const { acsUrl, samlResponse } = await idp.signIn(start.body.url, { serviceProviderMetadata, personId: 'kai' });
    const posted = await browser.post(acsUrl.pathname).type('form').send({ SAMLResponse: samlResponse }).expect(303);
    const back = await browser.get(locationOf(posted)).expect(303);
    expect(locationOf(back)).toBe('/en/sso?error=failed');
    expect(await browser.get('/api/v1/auth/session').then((response) => response.status)).toBe(401);
    expect(await signInTraces(olga.teamId)).toEqual(before);
  });

  it('refuses an assertion posted a second time (replay), even with a sign-in of its own under way', async () => {
    const { samlResponse, acsUrl } = await postIdpAnswer(createTestAgent(app), 'ann@acme.test', 'ann');
    const before = await signInTraces(olga.teamId);
    const attacker = createTestAgent(app);
    await attacker.post('/api/v1/sso/start').send({ email: 'ann@acme.test' }).expect(200);
    const posted = await attacker.post(acsUrl.pathname).type('form').send({ SAMLResponse: samlResponse }).expect(303);
    expect(locationOf(posted)).toBe('/api/v1/sso/saml/finish?refused=true');
    expect(locationOf(await attacker.get(locationOf(posted)).expect(303))).toBe('/sso?error=failed');
    expect(await signInTraces(olga.teamId)).toEqual(before);
  });

  it('refuses an answer carried into another browser, and one without the sign-in cookie', async () => {
    const before = await signInTraces(olga.teamId);
    const { posted } = await postIdpAnswer(createTestAgent(app), 'ann@acme.test', 'ann');
    // Another browser that began a sign-in of its own: the answer is not to its request.
    const other = createTestAgent(app);
    await other.post('/api/v1/sso/start').send({ email: 'ann@acme.test' }).expect(200);
    expect(locationOf(await other.get(locationOf(posted)).expect(303))).toBe('/sso?error=failed');
    const second = await postIdpAnswer(createTestAgent(app), 'ann@acme.test', 'ann');
    expect(locationOf(await request(app).get(locationOf(second.posted)).expect(303))).toBe('/sso?error=expired');
    expect(await signInTraces(olga.teamId)).toEqual(before);
  });
});

describe('enforced single sign-on by SAML', () => {
  it('blocks the password sign-in of the domain’s people, the owner excepted, and SAML still signs them in', async () => {
    await olga.agent
      .put('/api/v1/sso/settings')
      .send({ defaultRole: 'member', isJitEnabled: true, isEnforced: true })
      .expect(200);
    const blocked = await request(app)
      .post('/api/v1/auth/login')
      .send({ email: 'ann@acme.test', password })
      .expect(403);
    expect(blocked.body.error.code).toBe('SSO_REQUIRED');
    await request(app).post('/api/v1/auth/login').send({ email: 'olga@acme.test', password }).expect(200);
    expect(locationOf(await signInWithSaml(createTestAgent(app), 'ann@acme.test', 'ann'))).toBe('/v1');
  });
});
