import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepRelease } from './releases.mjs';
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

// Two releases kept as `npm run release` keeps them (releases.mjs), and a folder not finished (no release.json).
const releasesDirectory = mkdtempSync(join(tmpdir(), 'remote-releases-'));
const releaseBase = 'http://localhost:3003/releases';

/**
 * Keeps a build of an entry and `files` (path → content) as release `id`, as `npm run release` does.
 * @param {string} id @param {Record<string, string | Buffer>} files
 */
function keepBuild(id, files) {
  const build = mkdtempSync(join(tmpdir(), 'remote-build-'));
  const manifest = { name: 'mfe_forms', metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js' } } };
  const all = { 'mf-manifest.json': JSON.stringify(manifest), 'remoteEntry.js': `/* entry of ${id} */`, ...files };
  for (const [path, content] of Object.entries(all)) {
    mkdirSync(join(build, path, '..'), { recursive: true });
    writeFileSync(join(build, path), content);
  }
  const [version = '', commit = ''] = id.split('+');
  const builtAt = new Date().toISOString();
  keepRelease({
    distDirectory: build,
    areaReleasesDirectory: releasesDirectory,
    baseUrl: releaseBase,
    description: { area: 'forms', id, version, commit, contractVersion: '1.0.0', builtAt },
  });
}

for (const [id, own] of /** @type {const} */ ([
  ['1.0.0+abc1234', 'aaaaaaaaaa'],
  ['1.0.0+def5678', 'bbbbbbbbbb'],
])) {
  keepBuild(id, {
    'assets/shared.0123456789.js': 'console.log("in both")',
    [`assets/own.${own}.js`]: `console.log(${JSON.stringify(id)})`,
    'fill/fill.html': `<title>${id}</title>`,
  });
}
mkdirSync(join(releasesDirectory, '1.0.0+unfinished'));
writeFileSync(join(releasesDirectory, '1.0.0+unfinished', 'mf-manifest.json'), '{}');

/** @type {import('node:http').Server} */
let server;
let base = '';
beforeAll(async () => {
  const siteOrigins = siteOriginsOf({
    publicUrl: 'https://forms.example/',
    siteOrigins: 'http://localhost:3100/, ',
    shellPort: 3000,
  });
  const app = createRemoteServer({ distDirectory, siteOrigins, releasesDirectory });
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

  it('serves every kept release side by side, its files shared with the others, everything cached for good', async () => {
    const forGood = 'public, max-age=31536000, immutable';
    for (const id of ['1.0.0+abc1234', '1.0.0+def5678']) {
      const response = await fetch(`${base}/releases/${encodeURIComponent(id)}/mf-manifest.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe(forGood);
      const { metaData } = await response.json();
      expect(metaData.publicPath).toBe(`${releaseBase}/files/`);
      const entry = await fetch(`${base}/releases/files/${metaData.remoteEntry.name}`);
      expect(await entry.text()).toBe(`/* entry of ${id} */`);
      expect(entry.headers.get('cache-control')).toBe(forGood);
    }
    const shared = await fetch(`${base}/releases/files/assets/shared.0123456789.js`);
    expect(await shared.text()).toBe('console.log("in both")');
    expect((await fetch(`${base}/releases/files/assets/own.aaaaaaaaaa.js`)).status).toBe(200);
    expect((await fetch(`${base}/releases/files/assets/own.bbbbbbbbbb.js`)).status).toBe(200);
    expect((await fetch(`${base}/mf-manifest.json`)).headers.get('cache-control')).toBe('no-cache');
  });

  it('serves a release kept while it runs, compressed as its build wrote it', async () => {
    keepBuild('1.1.0+0a1b2c3', {
      'assets/new.cccccccccc.js': mainScript,
      'assets/new.cccccccccc.js.br': brotliCompressSync(mainScript),
    });
    expect((await fetch(`${base}/releases/1.1.0%2B0a1b2c3/mf-manifest.json`)).status).toBe(200);
    const chunk = await fetch(`${base}/releases/files/assets/new.cccccccccc.js`, {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(chunk.headers.get('content-encoding')).toBe('br');
    expect(await chunk.text()).toBe(mainScript);
  });

  it('answers 404 for an unknown or unfinished release and a missing file, never the standalone page', async () => {
    expect((await fetch(`${base}/releases/1.0.0+unknown/mf-manifest.json`)).status).toBe(404);
    expect((await fetch(`${base}/releases/1.0.0+unfinished/mf-manifest.json`)).status).toBe(404);
    expect((await fetch(`${base}/releases/..%2F..%2Fetc/passwd`)).status).toBe(404);
    expect((await fetch(`${base}/releases/files/assets/missing.0123456789.js`)).status).toBe(404);
  });

  it("opens a release's public form page files to every origin, as the current build's", async () => {
    const response = await fetch(`${base}/releases/1.0.0+abc1234/fill/fill.html`, {
      headers: { Origin: 'https://a-custom-domain.example' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});
