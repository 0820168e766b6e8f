import { randomBytes } from 'node:crypto';
import type { AreaReleases, LiveRegistry, ReleaseArea } from '@formwerk/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpPerson, type TestPerson } from '../../test/accounts';
import { useTestDatabase } from '../../test/test-database';
import { configureReleaseRegistry } from './release-settings';
import { startTestReleaseHost, type TestReleaseHost } from './test-release-host';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

const deployToken = randomBytes(32).toString('hex');
const operatorEmail = 'olga.operator@example.com';
const password = 'correct horse battery';
configureReleaseRegistry({
  // In another case than the account's: addresses are compared case-insensitively.
  operatorEmails: ['Olga.Operator@Example.com'],
  tokens: [
    { name: 'ci', token: deployToken },
    { name: 'laptop', token: randomBytes(32).toString('hex') },
  ],
  // The test host answers at once or when told to: a slow manifest shows without waiting five seconds.
  fileTimeoutMs: 500,
});

let host: TestReleaseHost;
let operator: TestPerson;

beforeAll(async () => {
  host = await startTestReleaseHost();
  operator = await signUpPerson(app, 'Olga', { email: operatorEmail });
});

afterAll(() => host.close());

let releaseCount = 0;
/** A release id not used before in this file, as `npm run release` makes them. */
function nextReleaseId(): string {
  releaseCount += 1;
  return `1.${releaseCount}.0+c0ffee${releaseCount}`;
}

/** What the release script and CI do: the deploy token, no cookies, no CSRF token. */
const deploy = {
  get: (path: string) => request(app).get(`/api/v1${path}`).set('Authorization', `Bearer ${deployToken}`),
  post: (path: string) => request(app).post(`/api/v1${path}`).set('Authorization', `Bearer ${deployToken}`),
};

/** Publishes a release of `area` on the test host and registers it; answers its id and manifest URL. */
async function registerRelease(
  area: ReleaseArea,
  options: Parameters<TestReleaseHost['publish']>[2] = {},
): Promise<{ id: string; manifestUrl: string }> {
  const id = nextReleaseId();
  const manifestUrl = host.publish(area, id, options);
  await deploy.post('/releases').send({ area, id, manifestUrl }).expect(201);
  return { id, manifestUrl };
}

const promote = (area: ReleaseArea, body: { id: string; canaryPercent?: number }) =>
  deploy.post(`/releases/${area}/promote`).send(body);
const rollBack = (area: ReleaseArea) => deploy.post(`/releases/${area}/rollback`);

const readRegistry = async (): Promise<LiveRegistry> => (await request(app).get('/api/v1/registry').expect(200)).body;
const readArea = async (area: ReleaseArea): Promise<AreaReleases> =>
  (await deploy.get(`/releases/${area}`).expect(200)).body;

const errorCodeOf = (response: request.Response): string => response.body.error.code;

describe('POST /releases', () => {
  it('registers a release after loading its manifest and release.json, 201 with what it read', async () => {
    const id = nextReleaseId();
    const manifestUrl = host.publish('documents', id, {
      description: { commit: '88bd784', contractVersion: '1.2.0', builtAt: '2026-03-01T08:00:00.000Z' },
    });

    const response = await deploy.post('/releases').send({ area: 'documents', id, manifestUrl }).expect(201);

    expect(response.body).toEqual({
      area: 'documents',
      id,
      version: id.split('+')[0],
      commit: '88bd784',
      contractVersion: '1.2.0',
      builtAt: '2026-03-01T08:00:00.000Z',
      manifestUrl,
      registeredAt: expect.any(String),
      registeredBy: 'token:ci',
    });
    const area = await readArea('documents');
    expect(area.releases[0]).toEqual(response.body);
    // Registered is not live: page loads get it only once promoted.
    expect(area.live).toBeNull();
    expect((await readRegistry()).areas.documents).toBeUndefined();
  });

  it('when the same release is registered again with the same manifest, answers 200 and changes nothing', async () => {
    const { id, manifestUrl } = await registerRelease('documents');
    const before = await readArea('documents');

    const again = await deploy.post('/releases').send({ area: 'documents', id, manifestUrl }).expect(200);

    expect(again.body).toEqual(before.releases[0]);
    expect(await readArea('documents')).toEqual(before);
  });

  it('when the release id is registered with another manifest, refuses with 409 RELEASE_EXISTS', async () => {
    const { id } = await registerRelease('documents');
    const elsewhere = host.publish('documents', id).replace('/mfe-documents/', '/mirror/mfe-documents/');

    const response = await deploy.post('/releases').send({ area: 'documents', id, manifestUrl: elsewhere }).expect(409);

    expect(errorCodeOf(response)).toBe('RELEASE_EXISTS');
  });

  it('when the manifest is missing, slow, not JSON, too large or no manifest, refuses with 422 RELEASE_MANIFEST_UNAVAILABLE', async () => {
    const tries: { name: string; spoil: (manifestPath: string, releasePath: string) => void }[] = [
      { name: 'missing', spoil: (manifest) => host.remove(manifest) },
      { name: 'slow', spoil: (manifest) => host.put(manifest, { body: '{}', delayMs: 2_000 }) },
      { name: 'an error page', spoil: (manifest) => host.put(manifest, { body: '{"error":"gone"}', status: 500 }) },
      { name: 'not JSON', spoil: (manifest) => host.put(manifest, { body: '<!doctype html><title>Formwerk</title>' }) },
      {
        name: 'too large',
        spoil: (manifest) =>
          host.put(manifest, { body: JSON.stringify({ name: 'mfe_forms', pad: 'x'.repeat(1_100_000) }) }),
      },
      {
        name: 'not a manifest',
        spoil: (manifest) => host.put(manifest, { body: JSON.stringify({ name: 'mfe_forms' }) }),
      },
      { name: 'without release.json', spoil: (_manifest, release) => host.remove(release) },
      { name: 'with a release.json that is none', spoil: (_manifest, release) => host.put(release, { body: '{}' }) },
      {
        name: 'with release.json of another release',
        spoil: (_manifest, release) =>
          host.put(release, {
            body: JSON.stringify({
              area: 'forms',
              id: '0.0.1+other',
              version: '0.0.1',
              commit: 'other',
              contractVersion: '1.0.0',
              builtAt: '2026-03-02T09:30:00.000Z',
            }),
          }),
      },
    ];
    for (const { name, spoil } of tries) {
      const id = nextReleaseId();
      const manifestUrl = host.publish('forms', id);
      const folder = host.folderOf('forms', id);
      spoil(`${folder}mf-manifest.json`, `${folder}release.json`);

      const response = await deploy.post('/releases').send({ area: 'forms', id, manifestUrl });

      expect({ name, status: response.status, code: errorCodeOf(response) }).toEqual({
        name,
        status: 422,
        code: 'RELEASE_MANIFEST_UNAVAILABLE',
      });
    }
    expect((await readArea('forms')).releases).toEqual([]);
  });

  it('when the manifest or release.json is another area’s, refuses with 422 RELEASE_AREA_MISMATCH', async () => {
    const ofApprovals = nextReleaseId();
    const approvalsManifest = host.publish('forms', ofApprovals, { federationName: 'mfe_approvals' });
    const describedAsAccount = nextReleaseId();
    const accountDescription = host.publish('forms', describedAsAccount, { description: { area: 'account' } });

    const byManifest = await deploy
      .post('/releases')
      .send({ area: 'forms', id: ofApprovals, manifestUrl: approvalsManifest })
      .expect(422);
    const byDescription = await deploy
      .post('/releases')
      .send({ area: 'forms', id: describedAsAccount, manifestUrl: accountDescription })
      .expect(422);

    expect(errorCodeOf(byManifest)).toBe('RELEASE_AREA_MISMATCH');
    expect(errorCodeOf(byDescription)).toBe('RELEASE_AREA_MISMATCH');
    expect((await readArea('forms')).releases).toEqual([]);
  });

  it('refuses an area the site does not have, or a manifest that is not an http(s) URL, as the contract says', async () => {
    const id = nextReleaseId();
    const unknownArea = await deploy
      .post('/releases')
      .send({ area: 'billing', id, manifestUrl: host.publish('forms', id) })
      .expect(400);
    const fileUrl = await deploy
      .post('/releases')
      .send({ area: 'forms', id, manifestUrl: 'file:///etc/passwd' })
      .expect(400);

    expect(errorCodeOf(unknownArea)).toBe('VALIDATION_FAILED');
    expect(errorCodeOf(fileUrl)).toBe('VALIDATION_FAILED');
    expect(errorCodeOf(await deploy.get('/releases/billing').expect(404))).toBe('AREA_NOT_FOUND');
  });
});

describe('POST /releases/:area/promote', () => {
  it('makes the release live: the registry answers it, with a new revision, and the former one goes on the stack', async () => {
    const first = await registerRelease('forms');
    const second = await registerRelease('forms');
    const before = await readRegistry();

    const promoted = await promote('forms', { id: first.id }).expect(200);
    const afterFirst = await readRegistry();
    await promote('forms', { id: second.id }).expect(200);
    const afterSecond = await readRegistry();

    expect(promoted.body).toMatchObject({
      area: 'forms',
      live: { id: first.id, manifestUrl: first.manifestUrl, contractVersion: '1.0.0' },
      canary: null,
      previous: [],
    });
    expect(before.areas.forms).toBeUndefined();
    expect(afterFirst.areas.forms).toEqual({
      live: { id: first.id, manifestUrl: first.manifestUrl, contractVersion: '1.0.0' },
      canary: null,
    });
    expect(afterSecond.areas.forms?.live.id).toBe(second.id);
    expect(new Set([before.revision, afterFirst.revision, afterSecond.revision]).size).toBe(3);
    expect((await readArea('forms')).previous).toEqual([first.id]);
  });

  it('when the release is live already, answers 200 and changes nothing, the revision included', async () => {
    const { id } = await registerRelease('forms');
    await promote('forms', { id }).expect(200);
    const registry = await readRegistry();
    const area = await readArea('forms');

    const again = await promote('forms', { id }).expect(200);

    expect(again.body).toEqual(area);
    expect(await readRegistry()).toEqual(registry);
  });

  it('when the area has no such release (or only another area has it), answers 404 RELEASE_NOT_FOUND', async () => {
    const ofDocuments = await registerRelease('documents');

    const unknown = await promote('forms', { id: '9.9.9+unknown' }).expect(404);
    const elsewhere = await promote('forms', { id: ofDocuments.id }).expect(404);

    expect(errorCodeOf(unknown)).toBe('RELEASE_NOT_FOUND');
    expect(errorCodeOf(elsewhere)).toBe('RELEASE_NOT_FOUND');
  });

  it('when the release was built against another major of the platform contract, refuses with 409 and changes nothing', async () => {
    const { id } = await registerRelease('forms', { description: { contractVersion: '2.0.0' } });
    const registry = await readRegistry();

    const response = await promote('forms', { id }).expect(409);

    expect(errorCodeOf(response)).toBe('RELEASE_CONTRACT_INCOMPATIBLE');
    expect(await readRegistry()).toEqual(registry);
  });

  it('when the manifest no longer loads, refuses with 422 RELEASE_MANIFEST_UNAVAILABLE and changes nothing', async () => {
    const { id } = await registerRelease('forms');
    host.remove(`${host.folderOf('forms', id)}mf-manifest.json`);
    const registry = await readRegistry();
    const area = await readArea('forms');

    const response = await promote('forms', { id }).expect(422);
    const asCanary = await promote('forms', { id, canaryPercent: 10 }).expect(422);

    expect(errorCodeOf(response)).toBe('RELEASE_MANIFEST_UNAVAILABLE');
    expect(errorCodeOf(asCanary)).toBe('RELEASE_MANIFEST_UNAVAILABLE');
    expect(await readRegistry()).toEqual(registry);
    expect(await readArea('forms')).toEqual(area);
  });
});

describe('canaries and rollbacks', () => {
  it('a canary goes to its share of sessions beside the live release, and a rollback ends it', async () => {
    const live = await registerRelease('approvals');
    const canary = await registerRelease('approvals');
    await promote('approvals', { id: live.id }).expect(200);

    const tried = await promote('approvals', { id: canary.id, canaryPercent: 10 }).expect(200);
    const duringCanary = await readRegistry();
    const rolledBack = await rollBack('approvals').expect(200);

    expect(tried.body.canary).toEqual({
      id: canary.id,
      manifestUrl: canary.manifestUrl,
      contractVersion: '1.0.0',
      percent: 10,
    });
    expect(duringCanary.areas.approvals).toEqual({
      live: { id: live.id, manifestUrl: live.manifestUrl, contractVersion: '1.0.0' },
      canary: { id: canary.id, manifestUrl: canary.manifestUrl, contractVersion: '1.0.0', percent: 10 },
    });
    expect(rolledBack.body).toMatchObject({ live: { id: live.id }, canary: null, previous: [] });
    expect((await readRegistry()).areas.approvals?.canary).toBeNull();
    expect(rolledBack.body.audit.slice(0, 2)).toMatchObject([
      { action: 'rollback', from: canary.id, to: null, percent: null },
      { action: 'canary', from: null, to: canary.id, percent: 10 },
    ]);
  });

  it('promoting the canary makes it live for everyone, and a rollback goes back to the release before', async () => {
    const { live } = await readArea('approvals');
    const next = await registerRelease('approvals');
    await promote('approvals', { id: next.id, canaryPercent: 25 }).expect(200);

    const promoted = await promote('approvals', { id: next.id }).expect(200);
    const rolledBack = await rollBack('approvals').expect(200);

    expect(promoted.body).toMatchObject({ live: { id: next.id }, canary: null, previous: [live?.id] });
    expect(rolledBack.body).toMatchObject({ live: { id: live?.id }, canary: null, previous: [] });
    expect(rolledBack.body.audit[0]).toMatchObject({ action: 'rollback', from: next.id, to: live?.id });
  });

  it('goes back through several releases in the order they were live, then to the start-up build, then answers 409 NOTHING_TO_ROLL_BACK', async () => {
    const { live } = await readArea('approvals');
    const second = await registerRelease('approvals');
    const third = await registerRelease('approvals');
    await promote('approvals', { id: second.id }).expect(200);
    await promote('approvals', { id: third.id }).expect(200);
    expect((await readArea('approvals')).previous).toEqual([second.id, live?.id]);

    expect((await rollBack('approvals').expect(200)).body.live.id).toBe(second.id);
    expect((await rollBack('approvals').expect(200)).body.live.id).toBe(live?.id);
    // On through what was live before, down to the build the site was started with.
    let answer = await rollBack('approvals');
    for (let step = 0; step < 25 && answer.body.live; step += 1) answer = await rollBack('approvals');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ live: null, canary: null, previous: [] });
    expect(answer.body.audit[0]).toMatchObject({ action: 'rollback', to: null });
    const registry = await readRegistry();
    expect(registry.areas.approvals).toBeUndefined();
    const nothingLeft = await rollBack('approvals').expect(409);

    expect(errorCodeOf(nothingLeft)).toBe('NOTHING_TO_ROLL_BACK');
    expect(await readRegistry()).toEqual(registry);
    // As the tests below expect the area: live again.
    await promote('approvals', { id: live?.id ?? '' }).expect(200);
  });

  it('promoting the live release while a canary runs ends the canary, and nothing else', async () => {
    const { live, previous } = await readArea('approvals');
    const canary = await registerRelease('approvals');
    await promote('approvals', { id: canary.id, canaryPercent: 20 }).expect(200);

    const promoted = await promote('approvals', { id: live?.id ?? '' }).expect(200);

    expect(promoted.body).toMatchObject({ live, canary: null, previous });
    expect(promoted.body.audit[0]).toMatchObject({ action: 'promote', from: live?.id, to: live?.id });
    expect((await readRegistry()).areas.approvals).toEqual({ live, canary: null });
  });

  it('a canary needs a live release other than itself: 400 VALIDATION_FAILED naming canaryPercent', async () => {
    const { id } = await registerRelease('marketing');
    const { live } = await readArea('approvals');

    const withoutLive = await promote('marketing', { id, canaryPercent: 5 }).expect(400);
    const ofTheLiveOne = await promote('approvals', { id: live?.id ?? '', canaryPercent: 5 }).expect(400);

    expect(withoutLive.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { issues: [{ path: ['canaryPercent'] }] },
    });
    expect(errorCodeOf(ofTheLiveOne)).toBe('VALIDATION_FAILED');
    expect((await readRegistry()).areas.marketing).toBeUndefined();
  });

  it('a rollback of an area with nothing live answers 409 NOTHING_TO_ROLL_BACK', async () => {
    expect(errorCodeOf(await rollBack('account').expect(409))).toBe('NOTHING_TO_ROLL_BACK');
  });
});

describe('switches at the same moment', () => {
  it('of two areas: both end up live', async () => {
    const marketing = await registerRelease('marketing');
    const account = await registerRelease('account');

    await Promise.all([
      promote('marketing', { id: marketing.id }).expect(200),
      promote('account', { id: account.id }).expect(200),
    ]);

    const { areas } = await readRegistry();
    expect(areas.marketing?.live.id).toBe(marketing.id);
    expect(areas.account?.live.id).toBe(account.id);
  });

  it('of one area: each lands after the other or is refused with RELEASE_SWITCH_CONFLICT, and no release is lost from the stack', async () => {
    const before = await registerRelease('marketing');
    await promote('marketing', { id: before.id }).expect(200);
    const contenders = [await registerRelease('marketing'), await registerRelease('marketing')];
    contenders.push(await registerRelease('marketing'));

    const responses = await Promise.all(contenders.map(({ id }) => promote('marketing', { id })));

    const landed = contenders.filter((_release, index) => responses[index]?.status === 200).map(({ id }) => id);
    for (const response of responses.filter(({ status }) => status !== 200)) {
      expect({ status: response.status, code: errorCodeOf(response) }).toEqual({
        status: 409,
        code: 'RELEASE_SWITCH_CONFLICT',
      });
    }
    expect(landed.length).toBeGreaterThan(0);
    const after = await readArea('marketing');
    // The releases live one after the other: each that landed, then the one live before them all.
    const history = [after.live?.id, ...after.previous].slice(0, landed.length + 1);
    expect(history.toSorted()).toEqual([...landed, before.id].toSorted());
    expect(after.audit.slice(0, landed.length).map(({ action, to }) => ({ action, to }))).toEqual(
      history.slice(0, landed.length).map((id) => ({ action: 'promote', to: id })),
    );
  });
});

describe('who may', () => {
  it('reads the registry without signing in, never from a cache', async () => {
    const response = await request(app).get('/api/v1/registry').expect(200);

    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body.revision).toMatch(/^\d+(\.\d+){4}$/);
  });

  it('without a sign-in or a token, answers 401 UNAUTHENTICATED', async () => {
    const list = await request(app).get('/api/v1/releases/forms').expect(401);
    const register = await request(app).post('/api/v1/releases').send({}).expect(401);
    const roll = await request(app).post('/api/v1/releases/forms/rollback').expect(401);

    expect([list, register, roll].map(errorCodeOf)).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED']);
  });

  it('with a token that is not one of RELEASE_TOKENS, answers 401 UNAUTHENTICATED', async () => {
    const wrong = await request(app)
      .post('/api/v1/releases/forms/rollback')
      .set('Authorization', `Bearer ${randomBytes(32).toString('hex')}`)
      .expect(401);

    expect(errorCodeOf(wrong)).toBe('UNAUTHENTICATED');
  });

  it('signed in, but not an operator, answers 403 FORBIDDEN', async () => {
    const stranger = await signUpPerson(app, 'Stefan');

    const list = await stranger.agent.get('/api/v1/releases/forms').expect(403);
    const roll = await stranger.agent.post('/api/v1/releases/forms/rollback').expect(403);

    expect(errorCodeOf(list)).toBe('FORBIDDEN');
    expect(errorCodeOf(roll)).toBe('FORBIDDEN');
  });

  it('an operator signed in registers and switches in their name, a deploy token in its own, both in the audit log', async () => {
    const id = nextReleaseId();
    const manifestUrl = host.publish('documents', id);
    const startedAt = new Date();

    const registered = await operator.agent
      .post('/api/v1/releases')
      .send({ area: 'documents', id, manifestUrl })
      .expect(201);
    await deploy.post('/releases/documents/promote').send({ id }).expect(200);
    const { audit } = (await operator.agent.get('/api/v1/releases/documents').expect(200)).body as AreaReleases;

    expect(registered.body.registeredBy).toBe(operatorEmail);
    expect(audit.slice(0, 2)).toEqual([
      {
        area: 'documents',
        action: 'promote',
        from: null,
        to: id,
        percent: null,
        actor: 'token:ci',
        at: expect.any(String),
      },
      {
        area: 'documents',
        action: 'register',
        from: null,
        to: id,
        percent: null,
        actor: operatorEmail,
        at: expect.any(String),
      },
    ]);
    for (const { at } of audit.slice(0, 2)) expect(new Date(at).getTime()).toBeGreaterThanOrEqual(startedAt.getTime());
  });

  it('a deploy token needs no CSRF token, but a request with the session cookie does, with a token or without', async () => {
    const login = await request(app).post('/api/v1/auth/login').send({ email: operatorEmail, password }).expect(200);
    const cookies = login.headers['set-cookie'] as unknown as string[];
    const post = () => request(app).post('/api/v1/releases').send({ area: 'forms' });

    const byToken = await post().set('Authorization', `Bearer ${deployToken}`).expect(400);
    const byCookie = await post().set('Cookie', cookies).expect(403);
    const byBoth = await post().set('Cookie', cookies).set('Authorization', `Bearer ${deployToken}`).expect(403);

    // Past every check to the contract's: the body lacks the release.
    expect(errorCodeOf(byToken)).toBe('VALIDATION_FAILED');
    expect(errorCodeOf(byCookie)).toBe('CSRF_TOKEN_INVALID');
    expect(errorCodeOf(byBoth)).toBe('CSRF_TOKEN_INVALID');
  });
});
