import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createShellServer } from './create-shell-server';
import {
  createRemoteAssetCache,
  escapeAttribute,
  preloadTargetOf,
  remoteStartupAssetsOf,
  startupAssetsFile,
  withPreloadTags,
} from './preload-hints';

const indexHtml =
  '<html><head><meta name="build-check-interval" content="60000" /></head><body><div id="root"></div></body></html>';

/** `null`: the build wrote no startup assets. */
function distWith(startupAssets: unknown): string {
  const directory = mkdtempSync(join(tmpdir(), 'shell-preload-'));
  writeFileSync(join(directory, 'index.html'), indexHtml);
  if (startupAssets !== null) writeFileSync(join(directory, startupAssetsFile), JSON.stringify(startupAssets));
  return directory;
}

const shellAssets = {
  scripts: ['/assets/main.0123456789.js', '/assets/377.aaaaaaaaaa.js', '/assets/784.bbbbbbbbbb.js'],
  styles: ['/assets/377.cccccccccc.css'],
};

/** The parts of a remote's mf-manifest.json the hints read (as @module-federation/enhanced writes them). */
const formsManifest = (sync = ['assets/7133.eb617f7638.js', 'assets/__federation_expose_routes.b6195bac23.js']) => ({
  id: 'mfe_forms',
  name: 'mfe_forms',
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
  shared: [{ name: 'react', assets: { js: { sync: ['assets/784.85c22a0d10.js'], async: [] } } }],
  exposes: [
    {
      name: 'routes',
      path: './routes',
      assets: {
        js: {
          sync,
          async: ['assets/9121.b03a3fc161.js', 'assets/messages-de.1111111111.js', 'assets/messages-en.2222222222.js'],
        },
        css: { sync: ['assets/7133.dddddddddd.css'], async: ['assets/9121.4b8aa486b6.css'] },
      },
    },
  ],
});

const registry = {
  mfe_marketing: 'http://127.0.0.1:9/marketing/mf-manifest.json',
  mfe_account: 'http://127.0.0.1:9/account/mf-manifest.json',
  mfe_forms: 'http://127.0.0.1:9/mf-manifest.json',
  mfe_approvals: 'http://127.0.0.1:9/approvals/mf-manifest.json',
  mfe_documents: 'http://127.0.0.1:9/documents/mf-manifest.json',
};

function serverWith({
  startupAssets = shellAssets as unknown,
  fetchRemoteManifest = vi.fn(async (_url: string): Promise<unknown> => formsManifest()),
} = {}) {
  const logged: string[] = [];
  const app = createShellServer({
    distDirectory: distWith(startupAssets),
    apiUrl: 'http://127.0.0.1:9',
    registry,
    buildCheckIntervalMs: 1500,
    logger: pino({ level: 'warn' }, { write: (line: string) => logged.push(line) }),
    fetchRemoteManifest,
  });
  return { app, fetchRemoteManifest, logged };
}

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const preloadsOf = (html: string) => headOf(html).match(/<link rel="preload"[^>]*>/g) ?? [];

describe('the preload hints of a page', () => {
  it('asks for the shell, its data and the route area’s first files with the HTML of a signed-in page', async () => {
    const { app, fetchRemoteManifest } = serverWith();
    const page = await request(app).get('/en/v1/forms');
    expect(page.status).toBe(200);
    expect(preloadsOf(page.text)).toEqual([
      // As the shell fetches it: `fetch()` in cors mode with same-origin credentials.
      '<link rel="preload" href="/_i18n/en/messages.json" as="fetch" crossorigin>',
      '<link rel="preload" href="/assets/377.cccccccccc.css" as="style">',
      '<link rel="preload" href="/assets/main.0123456789.js" as="script">',
      '<link rel="preload" href="/assets/377.aaaaaaaaaa.js" as="script">',
      '<link rel="preload" href="/assets/784.bbbbbbbbbb.js" as="script">',
      '<link rel="preload" href="http://127.0.0.1:9/mf-manifest.json" as="fetch" crossorigin>',
      // As the federation runtime and the remote's chunk loader ask for them: no crossorigin.
      '<link rel="preload" href="http://127.0.0.1:9/assets/7133.dddddddddd.css" as="style">',
      '<link rel="preload" href="http://127.0.0.1:9/remoteEntry.js" as="script">',
      '<link rel="preload" href="http://127.0.0.1:9/assets/7133.eb617f7638.js" as="script">',
      '<link rel="preload" href="http://127.0.0.1:9/assets/__federation_expose_routes.b6195bac23.js" as="script">',
      // The area's texts in the page's language, which its routes ask for next (decision 034).
      '<link rel="preload" href="http://127.0.0.1:9/assets/messages-en.2222222222.js" as="script">',
    ]);
    expect(fetchRemoteManifest).toHaveBeenCalledWith('http://127.0.0.1:9/mf-manifest.json');
    // The page stays what it was otherwise.
    expect(page.text).toContain('content="1500"');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it("names the German messages on a German page and the area's own remote", async () => {
    const { app } = serverWith({
      fetchRemoteManifest: vi.fn(async (): Promise<unknown> => formsManifest(['assets/1.js'])),
    });
    const tags = preloadsOf((await request(app).get('/v1/approve')).text).join('');
    expect(tags).toContain('href="/_i18n/de/messages.json"');
    expect(tags).toContain('href="http://127.0.0.1:9/approvals/mf-manifest.json"');
    expect(tags).toContain('href="http://127.0.0.1:9/approvals/remoteEntry.js"');
    expect(tags).toContain('href="http://127.0.0.1:9/approvals/assets/1.js"');
    expect(tags).toContain('href="http://127.0.0.1:9/approvals/assets/messages-de.1111111111.js"');
    expect(tags).not.toContain('messages-en');
    expect(tags).not.toContain('http://127.0.0.1:9/mf-manifest.json');
  });

  it('gives the public form page and the marketing pages none of them', async () => {
    const { app, fetchRemoteManifest } = serverWith();
    for (const path of ['/', '/en', '/preis', '/en/pricing', '/kontakt']) {
      const page = await request(app).get(path);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('rel="preload"');
    }
    // The form page: rendered by its own handler (here its remote does not answer).
    for (const path of ['/form/6650f0c2a1b2c3d4e5f60718', '/en/form/6650f0c2a1b2c3d4e5f60718']) {
      const page = await request(app).get(path);
      expect(page.text).not.toContain('rel="preload"');
      expect(preloadTargetOf(path)).toBeUndefined();
    }
    // Nor does a page that is not found.
    expect((await request(app).get('/nirgendwo')).text).not.toContain('rel="preload"');
    expect(fetchRemoteManifest).not.toHaveBeenCalled();
  });

  it('escapes what a manifest names and keeps to the origins the page may load scripts from', async () => {
    const { app } = serverWith({
      fetchRemoteManifest: vi.fn(
        async (): Promise<unknown> => formsManifest(['assets/a"><script>alert(1)</script>.js', 'assets/b&c.js?x="y"']),
      ),
    });
    const html = (await request(app).get('/en/v1/forms')).text;
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('href="http://127.0.0.1:9/assets/a%22%3E%3Cscript%3Ealert(1)%3C/script%3E.js"');
    expect(html).toContain('href="http://127.0.0.1:9/assets/b&amp;c.js?x=%22y%22"');
    expect(escapeAttribute(`"<a href='x'>&`)).toBe(`&quot;&lt;a href='x'&gt;&amp;`);

    // Files on an origin the Content-Security-Policy does not list would only be refused.
    const elsewhere = serverWith({
      fetchRemoteManifest: vi.fn(
        async (): Promise<unknown> => ({
          ...formsManifest(),
          metaData: { publicPath: 'https://elsewhere.example/', remoteEntry: { name: 'remoteEntry.js', path: '' } },
        }),
      ),
    });
    const tags = preloadsOf((await request(elsewhere.app).get('/en/v1/forms')).text).join('');
    expect(tags).toContain('href="http://127.0.0.1:9/mf-manifest.json"');
    expect(tags).not.toContain('elsewhere.example');
  });

  it('serves the page without the remote’s files when its manifest cannot be read, and without the shell’s when the build wrote none', async () => {
    const failing = serverWith({
      fetchRemoteManifest: vi.fn(async (): Promise<unknown> => {
        throw new Error('connect ECONNREFUSED');
      }),
    });
    const page = await request(failing.app).get('/en/v1/forms');
    expect(page.status).toBe(200);
    const tags = preloadsOf(page.text).join('');
    expect(tags).toContain('href="/assets/main.0123456789.js"');
    expect(tags).toContain('href="http://127.0.0.1:9/mf-manifest.json"');
    expect(tags).not.toContain('remoteEntry.js');
    expect(failing.logged.some((line) => line.includes('ECONNREFUSED'))).toBe(true);

    for (const startupAssets of [null, { scripts: 'main.js' }, ['x'], 'x']) {
      const { app } = serverWith({ startupAssets });
      const withoutShell = await request(app).get('/en/v1/forms');
      expect(withoutShell.status).toBe(200);
      expect(withoutShell.text).toContain('<div id="root">');
      expect(preloadsOf(withoutShell.text).join('')).not.toContain('href="/assets/');
      expect(preloadsOf(withoutShell.text).join('')).toContain('href="/_i18n/en/messages.json"');
    }

    const broken = serverWith({ fetchRemoteManifest: vi.fn(async (): Promise<unknown> => ({ metaData: {} })) });
    const brokenPage = await request(broken.app).get('/en/v1/forms');
    expect(brokenPage.status).toBe(200);
    expect(brokenPage.text).not.toContain('remoteEntry.js');
  });

  it("does not wait long for a remote that does not answer: the page goes without the remote's files", async () => {
    const { app } = serverWith({ fetchRemoteManifest: vi.fn(() => new Promise<unknown>(() => undefined)) });
    const started = Date.now();
    const page = await request(app).get('/en/v1/forms');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('remoteEntry.js');
  });
});

describe('the remote manifest cache', () => {
  const logger = pino({ level: 'silent' });

  it('reads a manifest once per 30 s and serves the last answer while it reads again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      let answer = formsManifest(['assets/old.js']);
      const fetchManifest = vi.fn(async (): Promise<unknown> => answer);
      const assetsOf = createRemoteAssetCache({ fetchManifest, logger });
      const url = 'http://127.0.0.1:9/mf-manifest.json';
      expect((await assetsOf(url))?.scripts).toContain('http://127.0.0.1:9/assets/old.js');
      await assetsOf(url);
      expect(fetchManifest).toHaveBeenCalledTimes(1);
      answer = formsManifest(['assets/new.js']);
      vi.setSystemTime(Date.now() + 31_000);
      // The stale answer at once; the new one once it has been read.
      expect((await assetsOf(url))?.scripts).toContain('http://127.0.0.1:9/assets/old.js');
      await vi.waitFor(async () =>
        expect((await assetsOf(url))?.scripts).toContain('http://127.0.0.1:9/assets/new.js'),
      );
      expect(fetchManifest).toHaveBeenCalledTimes(2);
      // Another manifest URL (another registry version) is a manifest of its own.
      await assetsOf('http://127.0.0.1:9/v2/mf-manifest.json');
      expect(fetchManifest).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks a remote that did not answer again after a few seconds, not for every page', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const fetchManifest = vi.fn(async (): Promise<unknown> => {
        throw new Error('down');
      });
      const assetsOf = createRemoteAssetCache({ fetchManifest, logger });
      const url = 'http://127.0.0.1:9/mf-manifest.json';
      expect(await assetsOf(url)).toBeUndefined();
      expect(await assetsOf(url)).toBeUndefined();
      expect(fetchManifest).toHaveBeenCalledTimes(1);
      vi.setSystemTime(Date.now() + 6_000);
      await assetsOf(url);
      expect(fetchManifest).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('reading a remote manifest', () => {
  it('resolves the entry and the first chunks as the federation runtime does', () => {
    const manifest = {
      metaData: {
        publicPath: 'https://cdn.example/forms/1.2.3/',
        remoteEntry: { name: 'remoteEntry.js', path: './js' },
      },
      exposes: [{ name: 'routes', assets: { js: { sync: ['assets/1.js'] }, css: { sync: [] } } }],
    };
    expect(remoteStartupAssetsOf(manifest, 'https://registry.example/forms/mf-manifest.json')).toEqual({
      scripts: ['https://cdn.example/forms/1.2.3/js/remoteEntry.js', 'https://cdn.example/forms/1.2.3/assets/1.js'],
      styles: [],
      messages: {},
    });
    // A public path the runtime computes in the browser cannot be known here.
    expect(
      remoteStartupAssetsOf(
        { metaData: { getPublicPath: 'return "/"', remoteEntry: { name: 'remoteEntry.js' } } },
        'http://a/m.json',
      ),
    ).toBeUndefined();
    expect(remoteStartupAssetsOf(null, 'http://a/m.json')).toBeUndefined();
  });

  it('puts the tags into the head, whatever characters they hold', () => {
    expect(withPreloadTags('<head></head>', '<link href="/$&$1">')).toBe('<head><link href="/$&$1"></head>');
    expect(withPreloadTags('<head></head>', '')).toBe('<head></head>');
  });
});
