import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createShellServer } from './create-shell-server';
import { embedScript } from './embed-script';
import { createShellLogger } from './logger';

const distDirectory = mkdtempSync(join(tmpdir(), 'shell-dist-'));
writeFileSync(
  join(distDirectory, 'index.html'),
  '<html><head><meta name="build-check-interval" content="60000" /></head><body><div id="root"></div></body></html>',
);
const mainScript = `console.log(${JSON.stringify('x'.repeat(5000))})`;
writeFileSync(join(distDirectory, 'main.0123456789.js'), mainScript);
// What the build writes beside each file (build-config web-config.mjs).
writeFileSync(join(distDirectory, 'main.0123456789.js.br'), brotliCompressSync(mainScript));
writeFileSync(join(distDirectory, 'main.0123456789.js.gz'), gzipSync(mainScript));
const registry = {
  mfe_forms: 'http://localhost:3003/mf-manifest.json',
  mfe_account: 'https://cdn.example/account/mf-manifest.json',
};
const logged: string[] = [];
const logger = pino({ level: 'warn' }, { write: (line: string) => logged.push(line) });
// The pages' preload hints read no remote here (preload-hints.test.ts covers them).
const fetchRemoteManifest = async () => {
  throw new Error('no remote in these tests');
};
const app = createShellServer({
  distDirectory,
  apiUrl: 'http://127.0.0.1:9',
  registry,
  buildCheckIntervalMs: 1500,
  logger,
  fetchRemoteManifest,
});

describe('the shell server', () => {
  it('serves the registry uncached', async () => {
    const response = await request(app).get('/registry.json');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toEqual({ remotes: registry });
  });

  it('serves the common messages per locale, cached for 24 hours', async () => {
    const response = await request(app).get('/_i18n/en/messages.json');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.body.error.notFoundTitle).toBe('Page Not Found');
    expect((await request(app).get('/_i18n/fr/messages.json')).status).toBe(404);
  });

  it('answers every page with the app and the status the route table gives it', async () => {
    const page = await request(app).get('/en/v1/forms/abc/share');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.text).toContain('content="1500"');
    expect((await request(app).get('/nirgendwo')).status).toBe(404);
    expect((await request(app).get('/v1/forms/not%20valid!')).status).toBe(404);
  });

  it('answers crawlers and preview bots with the bare status and logs the error', async () => {
    const response = await request(app).get('/en/missing').set('User-Agent', 'Twitterbot/1.0');
    expect(response.status).toBe(404);
    expect(response.text).toBe('');
    expect(logged.some((line) => line.includes('Page not found: /en/missing'))).toBe(true);
  });

  it('redirects by the route rules and tells the browser the rule of a path', async () => {
    const redirect = await request(app).get('/hilfe');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe('/kontakt');
    expect((await request(app).get('/_route-rules').query({ path: '/en/app' })).body).toEqual({ redirect: '/en/v1' });
    expect((await request(app).get('/_route-rules').query({ path: '/kontakt' })).body).toEqual({});
  });

  it('marks hashed files immutable and allows scripts from the registry origins only', async () => {
    const script = await request(app).get('/main.0123456789.js');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.text).toBe(mainScript);
    const csp = (await request(app).get('/')).headers['content-security-policy'];
    expect(csp).toContain("script-src 'self' http://localhost:3003 https://cdn.example");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('sends the Brotli or gzip file the build made, as the browser accepts, with Vary: Accept-Encoding', async () => {
    const brotli = await request(app).get('/main.0123456789.js').set('Accept-Encoding', 'br, gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotli.text).toBe(mainScript);
    const gzip = await request(app).get('/main.0123456789.js').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toBe('text/javascript; charset=UTF-8');
  });

  it('has browsers upgrade plain http requests only where the site is served over https', async () => {
    expect((await request(app).get('/')).headers['content-security-policy']).toContain('upgrade-insecure-requests');
    const plain = createShellServer({
      distDirectory,
      apiUrl: 'http://127.0.0.1:9',
      registry,
      buildCheckIntervalMs: 1500,
      logger,
      isServedOverHttps: false,
    });
    expect((await request(plain).get('/')).headers['content-security-policy']).not.toContain(
      'upgrade-insecure-requests',
    );
  });
});

describe('framing', () => {
  it('lets any site show a public form page in an iframe', async () => {
    for (const path of ['/form/6650f0c2a1b2c3d4e5f60718?embed=1', '/en/form/6650f0c2a1b2c3d4e5f60718']) {
      const response = await request(app).get(path);
      expect(response.headers['content-security-policy']).toContain('frame-ancestors *');
      expect(response.headers['x-frame-options']).toBeUndefined();
      // Nor isolates it from its opener: that would cost a new tab a second process before it paints.
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it('keeps every other page, the signing page of the documents area too, from being framed by other sites', async () => {
    for (const path of ['/v1', '/en/v1/forms/6650f0c2a1b2c3d4e5f60718/share', '/form/signed', '/registry.json']) {
      const response = await request(app).get(path);
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('serves the embed script to other sites, cached for a day', async () => {
    const response = await request(app).get('/embed.js');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.text).toBe(embedScript);
  });
});

describe('the /api proxy', () => {
  // A stand-in for the api that answers with the client address the shell told it.
  async function startEchoApi() {
    const { createServer } = await import('node:http');
    const server = createServer((incoming, outgoing) => {
      outgoing.setHeader('Content-Type', 'application/json');
      outgoing.end(JSON.stringify({ forwardedFor: incoming.headers['x-forwarded-for'], url: incoming.url }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as import('node:net').AddressInfo;
    return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('answers a fast 503 with Retry-After, in the api error shape, while the api does not answer', async () => {
    const response = await request(app).get('/api/v1/forms').expect(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('tells the api the socket address, never an X-Forwarded-For the client made up', async () => {
    const api = await startEchoApi();
    try {
      const shell = createShellServer({ distDirectory, apiUrl: api.url, registry, buildCheckIntervalMs: 1500, logger });
      const response = await request(shell).get('/api/v1/health').set('X-Forwarded-For', '203.0.113.9');
      expect(response.body.url).toBe('/api/v1/health');
      expect(response.body.forwardedFor).toMatch(/127\.0\.0\.1$/);
    } finally {
      await api.close();
    }
  });

  it('keeps the cookies, CSRF token and credentials of the api requests it passes on out of its log', async () => {
    const api = await startEchoApi();
    const lines: string[] = [];
    try {
      const shell = createShellServer({
        distDirectory,
        apiUrl: api.url,
        registry,
        buildCheckIntervalMs: 1500,
        logger: createShellLogger('info', { write: (line: string) => lines.push(line) }),
      });
      await request(shell)
        .get('/api/v1/health')
        .set('Cookie', 'token=session-secret')
        .set('X-CSRF-Token', 'csrf-secret')
        .set('Authorization', 'Bearer bearer-secret')
        .expect(200);
      await vi.waitFor(() => expect(lines.join('')).toContain('[redacted]'));
      for (const secret of ['session-secret', 'csrf-secret', 'bearer-secret']) {
        expect(lines.join('')).not.toContain(secret);
      }
    } finally {
      await api.close();
    }
  });

  it('behind a trusted proxy, passes on the client address that proxy reports', async () => {
    const api = await startEchoApi();
    try {
      const shell = createShellServer({
        distDirectory,
        apiUrl: api.url,
        registry,
        buildCheckIntervalMs: 1500,
        logger,
        trustProxy: 'loopback',
      });
      const response = await request(shell).get('/api/v1/health').set('X-Forwarded-For', '203.0.113.9');
      expect(response.body.forwardedFor).toBe('203.0.113.9');
    } finally {
      await api.close();
    }
  });
});
