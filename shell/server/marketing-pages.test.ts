import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createShellServer } from './create-shell-server';

// The marketing area's static pages as the shell serves them, from a stand-in for the area's origin
// that answers like its server: the built files, else its own index.html.

const distDirectory = mkdtempSync(join(tmpdir(), 'shell-dist-'));
writeFileSync(join(distDirectory, 'index.html'), '<html><body><div id="root"></div></body></html>');
const isApp = (text: string) => text.includes('<div id="root">');

const pageStyle = '.ui-header{display:flex}';
const pagesByPath: Record<string, string> = {
  '/': 'de/index.html',
  '/en': 'en/index.html',
  '/preis': 'de/pricing.html',
  '/en/pricing': 'en/pricing.html',
  '/kontakt': 'de/contact.html',
  '/funktionen/forms': 'de/features-sku/forms.html',
  '/en/features/forms': 'en/features-sku/forms.html',
  // Not a marketing route: the sitemap leaves out whatever the route table does not give the area.
  '/v1': 'de/v1.html',
};

/** A page as the area's build writes it: placeholders for the remote's and the site's origins. */
function staticPage(path: string, edition: number): string {
  return `<!doctype html><html lang="${path.startsWith('/en') ? 'en' : 'de'}"><head><title>Seite ${path} ${edition}</title><link rel="canonical" href="__SITE_ORIGIN__${path}"/><style>${pageStyle}</style><script src="__ASSET_BASE__/pages/assets/island.0123456789.js" defer=""></script></head><body><h1>${path}</h1></body></html>`;
}

type StandIn = { url: string; edition: number; isOld: boolean; requested: string[]; close: () => Promise<void> };

async function startMarketingOrigin(): Promise<StandIn> {
  const server = createServer((incoming, outgoing) => {
    const path = new URL(incoming.url ?? '/', 'http://stand-in').pathname;
    standIn.requested.push(path);
    const file = Object.entries(pagesByPath).find(([, name]) => `/pages/${name}` === path)?.[0];
    if (path === '/pages/pages.json' && !standIn.isOld) {
      outgoing.setHeader('Content-Type', 'application/json');
      outgoing.end(JSON.stringify({ pages: pagesByPath }));
    } else if (file !== undefined) {
      outgoing.setHeader('Content-Type', 'text/html');
      outgoing.end(staticPage(file, standIn.edition));
    } else {
      outgoing.setHeader('Content-Type', 'text/html');
      outgoing.end('<html><body>the remote standalone</body></html>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const standIn: StandIn = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    edition: 1,
    isOld: false,
    requested: [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}

function shellFor(marketingUrl: string, publicUrl?: string) {
  return createShellServer({
    distDirectory,
    apiUrl: 'http://127.0.0.1:9',
    registry: { mfe_marketing: `${marketingUrl}/mf-manifest.json`, mfe_forms: 'http://127.0.0.1:9/mf-manifest.json' },
    buildCheckIntervalMs: 60_000,
    logger: pino({ level: 'silent' }),
    // The app's preload hints read no remote here (preload-hints.test.ts covers them).
    fetchRemoteManifest: async () => {
      throw new Error('no remote manifests here');
    },
    publicUrl,
  });
}

let marketing: StandIn;
let shell: ReturnType<typeof createShellServer>;

beforeAll(async () => {
  marketing = await startMarketingOrigin();
  shell = shellFor(marketing.url, 'https://formwerk.example/');
});

afterAll(() => marketing.close());
afterEach(() => vi.useRealTimers());

describe('a guest’s marketing page', () => {
  it('is the area’s static page, with its files from the area’s origin and its links to the site', async () => {
    const response = await request(shell).get('/en/pricing').expect(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.text).toContain('<h1>/en/pricing</h1>');
    expect(response.text).toContain(`<script src="${marketing.url}/pages/assets/island.0123456789.js"`);
    expect(response.text).toContain('<link rel="canonical" href="https://formwerk.example/en/pricing"/>');
    expect(response.text).not.toContain('__');
  });

  it('without a public address of the site (PUBLIC_URL), links the address it was asked at', async () => {
    const response = await request(shellFor(marketing.url)).get('/preis').set('Host', 'localhost:3000').expect(200);
    expect(response.text).toContain('<link rel="canonical" href="http://localhost:3000/preis"/>');
  });

  it('is asked for again every time and answered 304 while unchanged; HEAD answers the headers', async () => {
    const first = await request(shell).get('/kontakt').expect(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBeDefined();
    expect(first.headers.vary).toMatch(/Cookie/);
    await request(shell)
      .get('/kontakt')
      .set('If-None-Match', first.headers.etag ?? '')
      .expect(304);
    const head = await request(shell).head('/kontakt').expect(200);
    expect(head.headers.etag).toBe(first.headers.etag);
  });

  it('allows its own <style> by hash and no other inline style or script', async () => {
    const response = await request(shell).get('/preis').expect(200);
    const policy = response.headers['content-security-policy'] ?? '';
    const hash = createHash('sha256').update(pageStyle).digest('base64');
    expect(/(?:^|;)\s*style-src ([^;]*)/.exec(policy)?.[1]?.split(' ')).toContain(`'sha256-${hash}'`);
    expect(/(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1]?.split(' ')).toContain(marketing.url);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain("frame-ancestors 'self'");
    // Nor isolates it from its opener, as the public form page: it would cost a new tab a second process.
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('comes again from the area’s origin once 30 seconds have passed, so a new deploy shows', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const before = await request(shell).get('/en/features/forms').expect(200);
    marketing.edition = 2;
    expect((await request(shell).get('/en/features/forms')).text).toBe(before.text);
    vi.setSystemTime(Date.now() + 31_000);
    expect((await request(shell).get('/en/features/forms')).text).toContain('Seite /en/features/forms 2');
    marketing.edition = 1;
  });
});

describe('the app instead of the static page', () => {
  it('for anyone signed in (a `me` cookie), and for the login dialog (`?login`)', async () => {
    const signedIn = await request(shell).get('/preis').set('Cookie', 'me=%7B%22name%22%3A%22Ada%22%7D').expect(200);
    expect(isApp(signedIn.text)).toBe(true);
    expect(signedIn.headers.vary).toMatch(/Cookie/);
    expect(signedIn.headers['cross-origin-opener-policy']).toBe('same-origin');
    const login = await request(shell).get('/?login=true&redirect=%2Fv1').expect(200);
    expect(isApp(login.text)).toBe(true);
    expect(isApp((await request(shell).get('/preis').set('Cookie', 'team=4; csrf=x')).text)).toBe(false);
  });

  it('for a page the area has no static copy of: the test page is found, a sku with no feature is not', async () => {
    expect(isApp((await request(shell).get('/test').expect(200)).text)).toBe(true);
    const unknown = await request(shell).get('/en/features/teleportation').expect(404);
    expect(isApp(unknown.text)).toBe(true);
    await request(shell).get('/en/features/teleportation').set('User-Agent', 'Googlebot/2.1').expect(404, '');
  });

  it('while the area’s origin does not answer, or answers without static pages: never a blank page', async () => {
    const gone = await startMarketingOrigin();
    await gone.close();
    const response = await request(shellFor(gone.url)).get('/kontakt').expect(200);
    expect(isApp(response.text)).toBe(true);

    const old = await startMarketingOrigin();
    old.isOld = true;
    const withOld = shellFor(old.url);
    expect(isApp((await request(withOld).get('/kontakt').expect(200)).text)).toBe(true);
    // It is not asked again for every guest meanwhile.
    await request(withOld).get('/preis').expect(200);
    expect(old.requested.filter((path) => path === '/pages/pages.json')).toHaveLength(1);
    await old.close();
  });
});

describe('the home page of a guest’s first visit', () => {
  it('goes to /en for an English browser, keeping the query, and records the choice as the app does', async () => {
    const response = await request(shell).get('/?utm_source=news').set('Accept-Language', 'en-GB,en;q=0.9').expect(302);
    expect(response.headers.location).toBe('/en?utm_source=news');
    expect(response.headers['set-cookie']?.[0]).toMatch(
      /^i18n_redirected=en; Max-Age=31536000; Path=\/;.*SameSite=Lax/,
    );
    expect(response.headers.vary).toMatch(/Accept-Language/);
  });

  it('stays German for a German browser, or once German was chosen', async () => {
    await request(shell).get('/').set('Accept-Language', 'de-AT,de;q=0.9,en;q=0.8').expect(200);
    await request(shell).get('/').set('Accept-Language', 'en-US').set('Cookie', 'i18n_redirected=de').expect(200);
    await request(shell).get('/').expect(200);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('list the static marketing pages with their alternates in both languages', async () => {
    const response = await request(shell).get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urls = [...response.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, url]) => url);
    expect(urls).toEqual(
      ['/', '/en', '/preis', '/en/pricing', '/kontakt', '/funktionen/forms', '/en/features/forms'].map(
        (path) => `https://formwerk.example${path}`,
      ),
    );
    expect(response.text).toContain(
      '<url><loc>https://formwerk.example/preis</loc><xhtml:link rel="alternate" hreflang="de" href="https://formwerk.example/preis"/><xhtml:link rel="alternate" hreflang="en" href="https://formwerk.example/en/pricing"/></url>',
    );
    // The German contact page has no English one here, so it names none.
    expect(response.text).toContain(
      '<url><loc>https://formwerk.example/kontakt</loc><xhtml:link rel="alternate" hreflang="de" href="https://formwerk.example/kontakt"/></url>',
    );
  });

  it('say when there is no sitemap for now', async () => {
    const gone = await startMarketingOrigin();
    await gone.close();
    const response = await request(shellFor(gone.url)).get('/sitemap.xml').expect(503);
    expect(response.headers['retry-after']).toBeDefined();
  });

  it('keep crawlers out of the app and the api, and name the sitemap', async () => {
    const response = await request(shell).get('/robots.txt').expect(200);
    expect(response.text.split('\n')).toEqual([
      'User-agent: *',
      'Disallow: /v1',
      'Disallow: /en/v1',
      'Disallow: /api',
      'Sitemap: https://formwerk.example/sitemap.xml',
      '',
    ]);
  });
});
