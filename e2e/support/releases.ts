import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { areaOfPackage, ports } from '@formwerk/build-config/ports';
import { keepRelease } from '@formwerk/build-config/releases';
import { repoRoot } from './processes';

/** The api's release registry, as the deploy token of the run's site (scripts/test.mjs) calls it. */
const apiUrl = 'http://127.0.0.1:4000/api/v1';

export type RegistryAnswer = { status: number; body: { error?: { code: string }; [key: string]: unknown } };

export async function callRegistry(method: 'GET' | 'POST', path: string, body?: unknown): Promise<RegistryAnswer> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${process.env.RELEASE_TOKEN ?? ''}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

/**
 * Keeps a production build of the area (the site's own unless `distDirectory` names another) as the
 * release `id`, as `npm run release` keeps one, and registers it. Two ids of one build are two
 * releases that share every file: which one a page load ran shows in the manifest it read.
 * `contractVersion` is the platform contract the build was made against (the site's by default);
 * with `isClaimed`, the build did not: it is made to say so, in the routes it exposes (a chunk of
 * another name then, as a build gives it), as a build against that contract would.
 */
export async function releaseBuild(
  area: string,
  id: string,
  { distDirectory = join(repoRoot, `mfe-${area}`, 'dist'), contractVersion = '', isClaimed = false } = {},
): Promise<string> {
  const releasesDirectory = process.env.RELEASES_DIR;
  if (!releasesDirectory) throw new Error('RELEASES_DIR is not set: run the browser tests through npm test');
  const { version } = JSON.parse(readFileSync(join(repoRoot, 'packages/platform/package.json'), 'utf8'));
  const built = isClaimed ? buildSaying(distDirectory, version, contractVersion) : distDirectory;
  const { manifestUrl } = keepRelease({
    distDirectory: built,
    areaReleasesDirectory: join(releasesDirectory, `mfe-${area}`),
    baseUrl: `http://localhost:${ports[areaOfPackage(`mfe-${area}`)]}/releases`,
    description: {
      area,
      id,
      version: '1.0.0',
      commit: 'e2e',
      contractVersion: contractVersion || version,
      builtAt: new Date().toISOString(),
    },
  });
  const registered = await callRegistry('POST', '/releases', { area, id, manifestUrl });
  if (registered.status !== 201 && registered.status !== 200) {
    throw new Error(`Registering ${area}@${id} answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  }
  return manifestUrl;
}

/** A copy of the build whose exposed routes say `said` instead of `built`, renamed by their new content. */
function buildSaying(distDirectory: string, built: string, said: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'release-build-'));
  cpSync(distDirectory, copy, { recursive: true });
  const assets = join(copy, 'assets');
  const routes = readdirSync(assets).find((name) => /^__federation_expose_routes\.[0-9a-f]{10}\.js$/.test(name));
  if (!routes) throw new Error(`${distDirectory} has no exposed routes chunk`);
  const code = readFileSync(join(assets, routes), 'utf8');
  if (!code.includes(`contractVersion:"${built}"`)) throw new Error(`${routes} does not say its contract version`);
  const patched = code.replace(`contractVersion:"${built}"`, `contractVersion:"${said}"`);
  const oldHash = routes.split('.')[1] ?? '';
  const newHash = createHash('sha256').update(patched).digest('hex').slice(0, 10);
  rmSync(join(assets, routes), { force: true });
  for (const suffix of ['.br', '.gz']) rmSync(join(assets, `${routes}${suffix}`), { force: true });
  writeFileSync(join(assets, routes.replace(oldHash, newHash)), patched);
  // The entry and the manifest name the chunk by its hash; their compressed copies would be stale.
  for (const file of ['remoteEntry.js', 'mf-manifest.json']) {
    writeFileSync(join(copy, file), readFileSync(join(copy, file), 'utf8').replaceAll(oldHash, newHash));
    for (const suffix of ['.br', '.gz']) rmSync(join(copy, `${file}${suffix}`), { force: true });
  }
  return copy;
}

/** Rolls the area back until it runs the build the site started with (no live release). */
export async function backToStartUpBuild(area: string): Promise<void> {
  for (let step = 0; step < 20; step += 1) {
    const answer = await callRegistry('POST', `/releases/${area}/rollback`);
    if (answer.status === 409) return;
    if (answer.status !== 200) throw new Error(`Rolling ${area} back answered ${answer.status}`);
  }
  throw new Error(`${area} still has a live release after 20 rollbacks`);
}
