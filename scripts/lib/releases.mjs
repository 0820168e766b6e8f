// An area's releases (docs/decisions/035): a production build of one remote, kept immutable under its
// own id beside the others (`.data/releases/mfe-<area>/`, which the remote's server serves at
// `/releases/`), and the calls to the api's release registry that register, promote and roll back.

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ports } from '@formwerk/build-config/ports';
import { contentHashOf, findReleaseOfBuild, keepRelease, pruneReleases } from '@formwerk/build-config/releases';
import { dataDir, repoRoot } from './paths.mjs';
import { runPnpm } from './pnpm.mjs';

export const releaseAreas = ['marketing', 'account', 'forms', 'approvals', 'documents'];
export const releasesDir = process.env.RELEASES_DIR ?? join(dataDir, 'releases');
const tokenFile = join(dataDir, 'release-token');

/**
 * The deploy token of this machine's site: made on the first start, given to the api as
 * `RELEASE_TOKENS=local:<token>` (system.mjs) and sent by the release commands.
 */
export function ensureLocalReleaseToken() {
  if (!existsSync(tokenFile)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(tokenFile, randomBytes(24).toString('hex'), { mode: 0o600 });
  }
  return readFileSync(tokenFile, 'utf8').trim();
}

/** @param {string} area */
export function assertArea(area) {
  if (!releaseAreas.includes(area)) {
    throw new Error(`"${area ?? ''}" is not an area; the areas are ${releaseAreas.join(', ')}`);
  }
}

function git(/** @type {string[]} */ args) {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/**
 * Keeps the build in `mfe-<area>/dist` as a release (build-config releases.mjs): `<version>+<commit>`,
 * with `.<content hash>` after the commit when the checkout has uncommitted changes or that id holds
 * another build. The same build kept twice is the same release.
 * @param {string} area
 */
export function keepAreaRelease(area, { builtAt = new Date(), baseUrl = releasesBaseUrlOf(area) } = {}) {
  const distDirectory = join(repoRoot, `mfe-${area}`, 'dist');
  if (!existsSync(join(distDirectory, 'mf-manifest.json')))
    throw new Error(`mfe-${area} has no build in ${distDirectory}`);
  const areaReleasesDirectory = join(releasesDir, `mfe-${area}`);
  const contentHash = contentHashOf(distDirectory);
  const { version } = JSON.parse(readFileSync(join(repoRoot, `mfe-${area}`, 'package.json'), 'utf8'));
  const { version: contractVersion } = JSON.parse(
    readFileSync(join(repoRoot, 'packages', 'platform', 'package.json'), 'utf8'),
  );
  const commit = git(['rev-parse', '--short=7', 'HEAD']) ?? 'unknown';
  const isClean = commit !== 'unknown' && git(['status', '--porcelain']) === '';
  const idOf = (/** @type {boolean} */ withHash) =>
    `${version}+${commit}${withHash ? `.${contentHash.slice(0, 10)}` : ''}`;
  const sameBuild = findReleaseOfBuild(areaReleasesDirectory, contentHash);
  let id = sameBuild?.id ?? idOf(!isClean);
  if (!sameBuild && existsSync(join(areaReleasesDirectory, id))) id = idOf(true);
  return {
    id,
    ...keepRelease({
      distDirectory,
      areaReleasesDirectory,
      baseUrl,
      contentHash,
      description: { area, id, version, commit, contractVersion, builtAt: builtAt.toISOString() },
    }),
  };
}

/**
 * Removes this machine's releases of the area but those in `keep` (build-config releases.mjs).
 * @param {string} area @param {ReadonlySet<string>} keep
 */
export function pruneAreaReleases(area, keep) {
  return pruneReleases({ areaReleasesDirectory: join(releasesDir, `mfe-${area}`), keep });
}

/** Builds the area's remote for production. */
export function buildArea(/** @type {string} */ area) {
  runPnpm(['--filter', `mfe-${area}`, 'build']);
}

/**
 * Where the site's pages load an area's releases from: the remote's own server, or RELEASE_BASE_URL
 * (a static host the releases folder is copied to), with the area's folder below it.
 * @param {string} area
 */
export function releasesBaseUrlOf(area, baseUrl = process.env.RELEASE_BASE_URL) {
  return baseUrl ? `${baseUrl.replace(/\/$/, '')}/mfe-${area}` : `http://localhost:${ports[area]}/releases`;
}

/**
 * The api's release registry, as an operator with a deploy token: RELEASE_TOKEN, else this
 * machine's own (ensureLocalReleaseToken); the api at RELEASE_API_URL, else this machine's.
 */
export function createRegistryClient({
  apiUrl = process.env.RELEASE_API_URL ?? `http://127.0.0.1:${ports.api}`,
  token = process.env.RELEASE_TOKEN ?? ensureLocalReleaseToken(),
} = {}) {
  /** @param {string} method @param {string} path @param {unknown} [body] */
  async function call(method, path, body) {
    let response;
    try {
      response = await fetch(`${apiUrl}/api/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new Error(`The api at ${apiUrl} did not answer (is the site running? npm start): ${error.message}`);
    }
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      const { code = String(response.status), message = response.statusText } = answer.error ?? {};
      throw Object.assign(new Error(`${code}: ${message}`), { code, status: response.status });
    }
    return answer;
  }
  return {
    register: (/** @type {{ area: string, id: string, manifestUrl: string }} */ release) =>
      call('POST', '/releases', release),
    promote: (/** @type {string} */ area, /** @type {string} */ id, /** @type {number | undefined} */ canaryPercent) =>
      call('POST', `/releases/${area}/promote`, canaryPercent === undefined ? { id } : { id, canaryPercent }),
    rollback: (/** @type {string} */ area) => call('POST', `/releases/${area}/rollback`),
    list: (/** @type {string} */ area) => call('GET', `/releases/${area}`),
    live: () => call('GET', '/registry'),
  };
}
