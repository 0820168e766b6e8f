import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteServer, siteOriginsOf } from './remote-server.mjs';

const distDirectory = mkdtempSync(join(tmpdir(), 'remote-dist-'));
mkdirSync(join(distDirectory, 'assets'));
mkdirSync(join(distDirectory, 'fill', 'assets'), { recursive: true });
writeFileSync(join(distDirectory, 'index.html'), '<!doctype html><title>remote</title>');
writeFileSync(join(distDirectory, 'mf-manifest.json'), '{}');
writeFileSync(join(distDirectory, 'mf-stats.json'), '{"modules":[]}');
const mainScript = `console.log(${JSON.stringify('x'.repeat(5000))})`;
writeFileSync(join(distDirectory, 'assets', 'main.0123456789.js'), mainScript);
// What the build writes beside each file (web-config.mjs).
writeFileSync(join(distDirectory, 'assets', 'main.0123456789.js.br'), brotliCompressSync(mainScript));
writeFileSync(join(distDirectory, 'assets', 'main.0123456789.js.gz'), gzipSync(mainScript));
writeFileSync(join(distDirectory, 'mf-stats.json.br'), brotliCompressSync('{"modules":[]}'));
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

  it('sends the Brotli or gzip file the build made, as the browser accepts, varying by encoding and origin', async () => {
    const path = `${base}/assets/main.0123456789.js`;
    const varyOf = (/** @type {Response} */ response) => (response.headers.get('vary') ?? '').split(/,\s*/).sort();
    const brotli = await fetch(path, { headers: { 'Accept-Encoding': 'gzip, br', Origin: 'http://localhost:3000' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('content-type')).toBe('text/javascript; charset=UTF-8');
    expect(varyOf(brotli)).toEqual(['Accept-Encoding', 'Origin']);
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await brotli.text()).toBe(mainScript);
    const gzip = await fetch(path, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(mainScript);
    const plain = await fetch(path, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(varyOf(plain)).toEqual(['Accept-Encoding', 'Origin']);
  });

  it('never hands out source maps or the federation stats, compressed or not', async () => {
    expect((await fetch(`${base}/assets/main.0123456789.js.map`)).status).toBe(404);
    expect((await fetch(`${base}/mf-stats.json`)).status).toBe(404);
    expect((await fetch(`${base}/mf-stats.json.br`)).status).toBe(404);
  });
});
