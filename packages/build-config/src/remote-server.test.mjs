import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteServer, siteOriginsOf } from './remote-server.mjs';

const distDirectory = mkdtempSync(join(tmpdir(), 'remote-dist-'));
mkdirSync(join(distDirectory, 'assets'));
mkdirSync(join(distDirectory, 'fill', 'assets'), { recursive: true });
writeFileSync(join(distDirectory, 'index.html'), '<!doctype html><title>remote</title>');
writeFileSync(join(distDirectory, 'mf-manifest.json'), '{}');
writeFileSync(join(distDirectory, 'mf-stats.json'), '{"modules":[]}');
writeFileSync(join(distDirectory, 'assets', 'main.0123456789.js'), `console.log(${JSON.stringify('x'.repeat(5000))})`);
writeFileSync(join(distDirectory, 'assets', 'main.0123456789.js.map'), '{}');
writeFileSync(join(distDirectory, 'fill', 'assets', 'fill.0123456789.js'), 'console.log(1)');

/** @type {import('node:http').Server} */
let server;
let base = '';
beforeAll(async () => {
  const siteOrigins = siteOriginsOf({
    publicUrl: 'https://forms.example/',
    siteOrigins: 'http://localhost:3100/, ',
    shellPort: 3000,
  });
  const app = createRemoteServer({ distDirectory, siteOrigins });
  await new Promise((resolve) => {
    server = app.listen(0, '127.0.0.1', resolve);
  });
  base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the server of a remote', () => {
  it('sends security headers: nosniff, a CSP that no other site may frame, and scripts other origins may load', async () => {
    const response = await fetch(`${base}/assets/main.0123456789.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("allows the site's own origins by CORS, no other; the public form page's files every origin", async () => {
    const allowedOf = async (/** @type {string} */ path, /** @type {string} */ origin) =>
      (await fetch(`${base}${path}`, { headers: { Origin: origin } })).headers.get('access-control-allow-origin');
    expect(await allowedOf('/mf-manifest.json', 'https://forms.example')).toBe('https://forms.example');
    expect(await allowedOf('/mf-manifest.json', 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(await allowedOf('/mf-manifest.json', 'http://localhost:3100')).toBe('http://localhost:3100');
    expect(await allowedOf('/mf-manifest.json', 'https://evil.example')).toBeNull();
    expect(await allowedOf('/fill/assets/fill.0123456789.js', 'https://a-custom-domain.example')).toBe('*');
  });

  it('compresses what it sends, and never hands out source maps or the federation stats', async () => {
    const response = await fetch(`${base}/assets/main.0123456789.js`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(response.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    expect((await fetch(`${base}/assets/main.0123456789.js.map`)).status).toBe(404);
    expect((await fetch(`${base}/mf-stats.json`)).status).toBe(404);
  });
});
