import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LiveRegistry } from '@formwerk/contracts';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createShellServer } from './create-shell-server';
import { canaryBucketCookie } from './live-registry';
import { publicFormOf, startTestApiServer } from './test-api-server';

const distDirectory = mkdtempSync(join(tmpdir(), 'shell-dist-'));
writeFileSync(
  join(distDirectory, 'index.html'),
  '<html><head><meta name="build-check-interval" content="60000" /></head><body><div id="root"></div></body></html>',
);

let live: LiveRegistry | undefined;
let api: Awaited<ReturnType<typeof startTestApiServer>>;
const logged: string[] = [];
let app: ReturnType<typeof createShellServer>;

const release = (id: string) => ({
  id,
  manifestUrl: `${api.url}/releases/${id}/mf-manifest.json`,
  contractVersion: '1.0.0',
});
const fallback = () => ({
  mfe_forms: `${api.url}/mf-manifest.json`,
  mfe_account: 'http://127.0.0.1:9/mf-manifest.json',
});

/** What a page load registers: the registry the server wrote into the page. */
function registryOfPage(html: string): Record<string, string> {
  const content = /<meta name="remote-registry" content="([^"]*)">/.exec(html)?.[1] ?? '';
  return JSON.parse(content.replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
}

// The shell reads the registry at most once a second: a test that switches it waits that long.
const afterTheNextRead = () => new Promise((resolve) => setTimeout(resolve, 1_100));

beforeAll(async () => {
  api = await startTestApiServer({ forms: [publicFormOf('f1')], registry: () => live });
});
afterAll(() => api.close());
beforeEach(async () => {
  live = undefined;
  app = createShellServer({
    distDirectory,
    apiUrl: api.url,
    registry: fallback(),
    buildCheckIntervalMs: 1500,
    logger: pino({ level: 'info' }, { write: (line: string) => logged.push(line) }),
    fetchRemoteManifest: async () => ({}),
    isServedOverHttps: false,
  });
});

describe('the live registry', () => {
  it('without a release in the registry, gives every page load the remotes the shell was started with', async () => {
    const page = await request(app).get('/v1/forms');
    expect(registryOfPage(page.text)).toEqual(fallback());
    expect((await request(app).get('/registry.json')).body).toEqual({ remotes: fallback() });
  });

  it('gives every new page load the live release, switched within a second and without a restart', async () => {
    live = { revision: '1', areas: { forms: { live: release('1.0.0+a'), canary: null } } };
    const first = await request(app).get('/en/v1/forms');
    expect(registryOfPage(first.text).mfe_forms).toBe(release('1.0.0+a').manifestUrl);
    expect(registryOfPage(first.text).mfe_account).toBe(fallback().mfe_account);
    expect(first.text).toContain(`<link rel="preload" href="${release('1.0.0+a').manifestUrl}"`);

    live = { revision: '2', areas: { forms: { live: release('1.0.0+b'), canary: null } } };
    await afterTheNextRead();
    const next = await request(app).get('/en/v1/forms');
    expect(registryOfPage(next.text).mfe_forms).toBe(release('1.0.0+b').manifestUrl);
    expect((await request(app).get('/registry.json')).body.remotes.mfe_forms).toBe(release('1.0.0+b').manifestUrl);
  });

  it('gives a canary to the sessions in its share, the same on every page load of a session', async () => {
    live = {
      revision: '3',
      areas: { forms: { live: release('1.0.0+a'), canary: { ...release('1.0.0+c'), percent: 30 } } },
    };
    const inShare = await request(app).get('/v1/forms').set('Cookie', `${canaryBucketCookie}=29`);
    expect(registryOfPage(inShare.text).mfe_forms).toBe(release('1.0.0+c').manifestUrl);
    const outOfShare = await request(app).get('/v1/forms').set('Cookie', `${canaryBucketCookie}=30`);
    expect(registryOfPage(outOfShare.text).mfe_forms).toBe(release('1.0.0+a').manifestUrl);

    // A new session is put into a bucket for good, and the registry it polls agrees with its pages.
    const fresh = await request(app).get('/v1/forms');
    const cookie = String(fresh.headers['set-cookie']?.[0] ?? '');
    expect(cookie).toMatch(new RegExp(`^${canaryBucketCookie}=\\d{1,2}; Path=/; HttpOnly; SameSite=Lax$`));
    const bucket = Number(/=(\d+)/.exec(cookie)?.[1]);
    const expected = bucket < 30 ? release('1.0.0+c') : release('1.0.0+a');
    expect(registryOfPage(fresh.text).mfe_forms).toBe(expected.manifestUrl);
    const polled = await request(app)
      .get('/registry.json')
      .set('Cookie', cookie.split(';')[0] ?? '');
    expect(polled.body.remotes.mfe_forms).toBe(expected.manifestUrl);
    expect(polled.headers['set-cookie']).toBeUndefined();
  });

  it('ignores a release on an origin the pages may not load from, and says so in the log', async () => {
    live = {
      revision: '4',
      areas: {
        forms: {
          live: { id: '1.0.0+x', manifestUrl: 'https://elsewhere.example/mf-manifest.json', contractVersion: '1.0.0' },
          canary: null,
        },
      },
    };
    const page = await request(app).get('/v1/forms');
    expect(registryOfPage(page.text).mfe_forms).toBe(fallback().mfe_forms);
    expect(logged.some((line) => line.includes('https://elsewhere.example/mf-manifest.json'))).toBe(true);
  });

  it('keeps the last registry it read while the api does not answer', async () => {
    live = { revision: '5', areas: { forms: { live: release('1.0.0+a'), canary: null } } };
    await request(app).get('/v1/forms');
    live = undefined;
    await afterTheNextRead();
    const page = await request(app).get('/v1/forms');
    expect(registryOfPage(page.text).mfe_forms).toBe(release('1.0.0+a').manifestUrl);
  });

  it('hosting one area alone: that area from its start-up URL, the others not at all, or live when asked', async () => {
    live = {
      revision: '8',
      areas: {
        forms: { live: release('1.0.0+a'), canary: null },
        approvals: {
          live: {
            id: '1.0.0+p',
            manifestUrl: 'http://127.0.0.1:9/releases/1.0.0+p/mf-manifest.json',
            contractVersion: '1.0.0',
          },
          canary: null,
        },
      },
    };
    const hosting = (others: 'fallbacks' | 'live') =>
      createShellServer({
        distDirectory,
        apiUrl: api.url,
        registry: { mfe_forms: fallback().mfe_forms },
        remoteOrigins: ['http://127.0.0.1:9'],
        onlyArea: { area: 'forms', others },
        buildCheckIntervalMs: 1500,
        logger: pino({ level: 'warn' }, { write: (line: string) => logged.push(line) }),
        fetchRemoteManifest: async () => ({}),
        isServedOverHttps: false,
      });
    const alone = await request(hosting('fallbacks')).get('/v1/forms');
    expect(registryOfPage(alone.text)).toEqual({ mfe_forms: fallback().mfe_forms });
    const withLiveOthers = await request(hosting('live')).get('/v1/forms');
    expect(registryOfPage(withLiveOthers.text)).toEqual({
      mfe_forms: fallback().mfe_forms,
      mfe_approvals: 'http://127.0.0.1:9/releases/1.0.0+p/mf-manifest.json',
    });
  });

  it("serves the public form page from the forms area's live release", async () => {
    live = { revision: '6', areas: { forms: { live: release('1.0.0+a'), canary: null } } };
    expect((await request(app).get('/form/f1')).text).toContain('<title>1.0.0+a Sommerfest</title>');
    live = { revision: '7', areas: { forms: { live: release('1.0.0+b'), canary: null } } };
    await afterTheNextRead();
    expect((await request(app).get('/form/f1')).text).toContain('<title>1.0.0+b Sommerfest</title>');
  });
});
