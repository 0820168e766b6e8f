import { startDnsServer } from '@formwerk/build-config/dns-server';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { parseConfig } from '../../platform/config';
import { trusted } from '../../platform/db';
import { createLogger } from '../../platform/logger';
import { signUpAndSignIn } from '../../test/accounts';
import { givePlan } from '../../test/billing';
import { createTestAgent, type TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { CustomDomainModel } from './custom-domain.model';
import { DomainClaimModel } from './domain-claim.model';
import { configureDnsServers } from './txt-records';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

const definition = {
  title: 'Anmeldung',
  language: 'de',
  pages: [{ id: 'p1', fields: [{ id: 'name', type: 'shortText', label: 'Name', required: true }] }],
};

let dns: Awaited<ReturnType<typeof startDnsServer>>;
let owner: TestAgent;
let stranger: TestAgent;

/** An account whose team has a plan with custom domains (Pro). */
async function signUp(name: string, email: string, address: string): Promise<TestAgent> {
  const agent = createTestAgent(app);
  const session = await signUpAndSignIn(
    agent,
    { name, email, password: 'correct horse battery' },
    { headers: { 'X-Forwarded-For': address } },
  );
  await givePlan(session.body.teamId, 'pro-month');
  return agent;
}

async function createForm(agent: TestAgent, { isPublished = true } = {}): Promise<string> {
  const created = await agent.post('/api/v1/forms').send({ title: 'Anmeldung' }).expect(201);
  const formId: string = created.body.id;
  await agent.put(`/api/v1/forms/${formId}`).send({ version: 1, definition }).expect(200);
  if (isPublished) await agent.post(`/api/v1/forms/${formId}/publish`).expect(200);
  return formId;
}

const setDomain = (agent: TestAgent, formId: string, hostname: string) =>
  agent.put(`/api/v1/forms/${formId}/domain`).send({ hostname });
const verify = (agent: TestAgent, formId: string) => agent.post(`/api/v1/forms/${formId}/domain/verify`);
const lookUp = (hostname: string) => request(app).get(`/api/v1/public/domains/${hostname}`);

/** Creates the TXT record the tab asks for, as the owner does at their DNS provider. */
function publishRecord(domain: { recordName: string; recordValue: string }) {
  dns.records.set(domain.recordName, [domain.recordValue]);
}

beforeAll(async () => {
  dns = await startDnsServer();
  owner = await signUp('Olga', 'olga@example.com', '10.9.0.1');
  stranger = await signUp('Sven', 'sven@example.com', '10.9.0.2');
});

beforeEach(() => {
  configureDnsServers([dns.address]);
  dns.records.clear();
  dns.failing.clear();
});

afterAll(async () => {
  configureDnsServers(undefined);
  await dns.stop();
});

describe('entering a domain', () => {
  it('gives the TXT record to create and keeps the domain pending until it is seen', async () => {
    const formId = await createForm(owner);
    expect((await owner.get(`/api/v1/forms/${formId}/domain`).expect(200)).body).toEqual({ domain: null });
    const { body } = await setDomain(owner, formId, '  Forms.Example.COM ').expect(200);
    expect(body.domain).toMatchObject({
      hostname: 'forms.example.com',
      recordName: '_formwerk.forms.example.com',
      status: 'pending',
      verifiedAt: null,
      lastProblem: null,
    });
    expect(body.domain.recordValue).toMatch(/^formwerk-verification=[\w-]{24}$/);
    expect((await owner.get(`/api/v1/forms/${formId}/domain`).expect(200)).body).toEqual(body);
    await lookUp('forms.example.com').expect(404);
  });

  it('refuses what is no domain: a URL, a port, an IP address', async () => {
    const formId = await createForm(owner);
    for (const hostname of ['https://forms.example.com', 'forms.example.com:8080', 'localhost', '192.168.1.20']) {
      const response = await setDomain(owner, formId, hostname).expect(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('is only for members of the form’s team', async () => {
    const formId = await createForm(owner);
    await setDomain(stranger, formId, 'stranger.example.com').expect(404);
    await stranger.get(`/api/v1/forms/${formId}/domain`).expect(404);
    await request(app).get(`/api/v1/forms/${formId}/domain`).expect(401);
  });
});

describe('verifying through DNS', () => {
  it('when the TXT record carries the value, verifies the domain and serves the form on it', async () => {
    const formId = await createForm(owner);
    const { domain } = (await setDomain(owner, formId, 'anmeldung.example.org').expect(200)).body;
    publishRecord(domain);
    const verified = (await verify(owner, formId).expect(200)).body.domain;
    expect(verified).toMatchObject({ status: 'verified', lastProblem: null });
    expect(Date.parse(verified.verifiedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await lookUp('anmeldung.example.org').expect(200)).body).toEqual({ formId });
    expect((await lookUp('ANMELDUNG.example.org').expect(200)).body).toEqual({ formId });
  });

  it('finds the value among other TXT records and across the strings of a long record', async () => {
    const formId = await createForm(owner);
    const { domain } = (await setDomain(owner, formId, 'long.example.org').expect(200)).body;
    const padding = 'x'.repeat(300);
    dns.records.set(domain.recordName, ['v=spf1 -all', `${padding}`, domain.recordValue]);
    expect((await verify(owner, formId).expect(200)).body.domain.status).toBe('verified');
  });

  it('without the record, says it is missing and stays pending', async () => {
    const formId = await createForm(owner);
    await setDomain(owner, formId, 'missing.example.org').expect(200);
    const { domain } = (await verify(owner, formId).expect(200)).body;
    expect(domain).toMatchObject({ status: 'pending', lastProblem: 'recordMissing' });
    expect(domain.lastCheckedAt).not.toBeNull();
    await lookUp('missing.example.org').expect(404);
  });

  it('with a record of another value, says it does not match', async () => {
    const formId = await createForm(owner);
    const { domain } = (await setDomain(owner, formId, 'wrong.example.org').expect(200)).body;
    dns.records.set(domain.recordName, ['formwerk-verification=someone-elses-token']);
    expect((await verify(owner, formId).expect(200)).body.domain).toMatchObject({
      status: 'pending',
      lastProblem: 'recordMismatch',
    });
  });

  it('when DNS fails, reports it and leaves a verified domain online', async () => {
    const formId = await createForm(owner);
    const { domain } = (await setDomain(owner, formId, 'flaky.example.org').expect(200)).body;
    publishRecord(domain);
    await verify(owner, formId).expect(200);
    dns.failing.add(domain.recordName);
    expect((await verify(owner, formId).expect(200)).body.domain).toMatchObject({
      status: 'verified',
      lastProblem: 'dnsFailed',
    });
    await lookUp('flaky.example.org').expect(200);
  });

  it('when the owner removed the record, takes the domain offline at the next check', async () => {
    const formId = await createForm(owner);
    const { domain } = (await setDomain(owner, formId, 'gone.example.org').expect(200)).body;
    publishRecord(domain);
    await verify(owner, formId).expect(200);
    dns.records.clear();
    expect((await verify(owner, formId).expect(200)).body.domain.status).toBe('pending');
    await lookUp('gone.example.org').expect(404);
  });

  it('without a domain, has nothing to verify', async () => {
    const formId = await createForm(owner);
    await verify(owner, formId).expect(404);
  });
});

describe('changing and removing the domain', () => {
  it('a new hostname starts over: pending, with a new record, and the old host no longer answers', async () => {
    const formId = await createForm(owner);
    const first = (await setDomain(owner, formId, 'alt.example.org').expect(200)).body.domain;
    publishRecord(first);
    await verify(owner, formId).expect(200);
    const same = (await setDomain(owner, formId, 'alt.example.org').expect(200)).body.domain;
    expect(same.status).toBe('verified');

    const changed = (await setDomain(owner, formId, 'neu.example.org').expect(200)).body.domain;
    expect(changed).toMatchObject({ hostname: 'neu.example.org', status: 'pending', verifiedAt: null });
    expect(changed.recordValue).not.toBe(first.recordValue);
    await lookUp('alt.example.org').expect(404);
    await lookUp('neu.example.org').expect(404);
  });

  it('removing it frees the host', async () => {
    const formId = await createForm(owner);
    publishRecord((await setDomain(owner, formId, 'frei.example.org').expect(200)).body.domain);
    await verify(owner, formId).expect(200);
    await owner.delete(`/api/v1/forms/${formId}/domain`).expect(204);
    expect((await owner.get(`/api/v1/forms/${formId}/domain`).expect(200)).body).toEqual({ domain: null });
    await lookUp('frei.example.org').expect(404);
    const otherFormId = await createForm(stranger);
    await setDomain(stranger, otherFormId, 'frei.example.org').expect(200);
  });
});

describe('one form per domain', () => {
  it('refuses a domain another form holds, even another team’s', { tags: ['reliability'] }, async () => {
    const formId = await createForm(owner);
    await setDomain(owner, formId, 'taken.example.org').expect(200);
    const otherFormId = await createForm(stranger);
    const response = await setDomain(stranger, otherFormId, 'taken.example.org').expect(409);
    expect(response.body.error.code).toBe('DOMAIN_TAKEN');
    // Also when the form moves from a domain it has to the taken one (an update, not an insert).
    await setDomain(stranger, otherFormId, 'own.example.org').expect(200);
    const moved = await setDomain(stranger, otherFormId, 'taken.example.org').expect(409);
    expect(moved.body.error.code).toBe('DOMAIN_TAKEN');
    expect((await stranger.get(`/api/v1/forms/${otherFormId}/domain`).expect(200)).body.domain.hostname).toBe(
      'own.example.org',
    );
  });

  it('does not renew a pending claim when the team removes the domain and enters it again', {
    tags: ['reliability'],
  }, async () => {
    const squatted = await createForm(owner);
    await setDomain(owner, squatted, 'renewed.example.org').expect(200);
    // Three days and more later, entered again by the same team:
    await DomainClaimModel.updateOne(
      { _id: trusted({ $regex: / renewed\.example\.org$/ }) },
      { firstClaimedAt: new Date(Date.now() - 73 * 3600_000) },
    );
    await owner.delete(`/api/v1/forms/${squatted}/domain`).expect(204);
    await setDomain(owner, squatted, 'renewed.example.org').expect(200);
    // ... the claim still dates from the first time, so another team can take the domain.
    const otherFormId = await createForm(stranger);
    await setDomain(stranger, otherFormId, 'renewed.example.org').expect(200);
    expect((await owner.get(`/api/v1/forms/${squatted}/domain`).expect(200)).body).toEqual({ domain: null });
  });

  it('releases a claim never verified within three days, and the domain of a deleted form', async () => {
    const squatted = await createForm(owner);
    await setDomain(owner, squatted, 'squat.example.org').expect(200);
    await CustomDomainModel.updateOne({ formId: squatted }, { claimedAt: new Date(Date.now() - 73 * 3600_000) });
    const deleted = await createForm(owner);
    await setDomain(owner, deleted, 'deleted.example.org').expect(200);
    await owner.delete(`/api/v1/forms/${deleted}`).expect(204);

    const claimant = await createForm(stranger);
    await setDomain(stranger, claimant, 'squat.example.org').expect(200);
    await setDomain(stranger, claimant, 'deleted.example.org').expect(200);
    expect((await owner.get(`/api/v1/forms/${squatted}/domain`).expect(200)).body).toEqual({ domain: null });
  });

  it('a verified domain answers only while its form is published', async () => {
    const formId = await createForm(owner);
    publishRecord((await setDomain(owner, formId, 'entwurf.example.org').expect(200)).body.domain);
    await verify(owner, formId).expect(200);
    await lookUp('entwurf.example.org').expect(200);
    await owner.post(`/api/v1/forms/${formId}/unpublish`).expect(200);
    await lookUp('entwurf.example.org').expect(404);
    await lookUp('not a host').expect(404);
  });
});

describe('DNS_SERVERS', () => {
  it('takes addresses with optional ports, and is optional', () => {
    const base = { MONGODB_URI: 'mongodb://127.0.0.1:27017' };
    expect(parseConfig({ ...base, DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,[::1]:53' }).DNS_SERVERS).toEqual([
      '1.1.1.1',
      '127.0.0.1:5353',
      '[::1]:53',
    ]);
    expect(parseConfig(base).DNS_SERVERS).toBeUndefined();
    expect(() => parseConfig({ ...base, DNS_SERVERS: 'dns.example.com' })).toThrow(/DNS_SERVERS/);
  });

  it('unset, the system resolver answers, which knows nothing of the test server’s records', async () => {
    configureDnsServers(undefined);
    const formId = await createForm(owner);
    publishRecord((await setDomain(owner, formId, 'formwerk-test.invalid').expect(200)).body.domain);
    const { domain } = (await verify(owner, formId).expect(200)).body;
    expect(domain.status).toBe('pending');
    expect(domain.lastProblem).not.toBeNull();
  });
});
