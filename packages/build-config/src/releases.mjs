// @ts-check
// How a remote's production build is kept as a release (docs/decisions/035). Under the remote's
// releases folder (`<releases>/mfe-<area>/`), served by its server at `/releases/`:
//   files/                the content-hashed files of every release, side by side: `assets/…` as built,
//                         and each release's entry as `remoteEntry.<hash>.js`. A file of a new release
//                         that an earlier one had already is the same URL, so a returning visitor's
//                         browser has it: a release costs them the chunks it changed, no more.
//   <id>/mf-manifest.json the release's manifest, its `publicPath` pointing at files/ and its entry
//                         named by hash; with release.json, and the pages the shell serves from the
//                         area (the public form page, the static marketing pages), as built.
// A release folder is written beside and renamed into place, so the server never sees half of one.

import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';

/** The folder of the files every release of a remote shares. */
export const sharedFilesFolder = 'files';
const entryFile = 'remoteEntry.js';
const compressedCopy = /\.(br|gz)$/;

/** Every file of a build but the compressed copies, which follow from the rest. */
function filesOf(/** @type {string} */ directory) {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !compressedCopy.test(entry.name))
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)))
    .sort();
}

/** What a build is, by content: the same build hashes the same. @param {string} directory */
export function contentHashOf(directory) {
  const hash = createHash('sha256');
  for (const path of filesOf(directory)) {
    hash.update(`${path}\0`);
    hash.update(readFileSync(join(directory, path)));
  }
  return hash.digest('hex');
}

const readJson = (/** @type {string} */ file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * `files`: what the release uses of the shared files (their paths in files/, compressed copies aside),
 * which pruning keeps for as long as the release is kept.
 * @typedef {{ area: string, id: string, version: string, commit: string, contractVersion: string,
 *   builtAt: string, contentHash: string, files: string[] }} ReleaseDescription
 */

/**
 * Keeps the build in `distDirectory` as the release `id` of the remote whose releases live in
 * `areaReleasesDirectory` and are served at `baseUrl` (that folder's URL). A release id that is
 * kept already is left as it is: releases never change.
 * @param {{ distDirectory: string, areaReleasesDirectory: string, baseUrl: string,
 *   description: Omit<ReleaseDescription, 'contentHash' | 'files'>, contentHash?: string }} options
 * @returns {{ directory: string, manifestUrl: string, isNew: boolean, description: ReleaseDescription }}
 */
export function keepRelease({ distDirectory, areaReleasesDirectory, baseUrl, description, contentHash }) {
  const directory = join(areaReleasesDirectory, description.id);
  const manifestUrl = `${baseUrl}/${encodeURIComponent(description.id)}/mf-manifest.json`;
  if (existsSync(join(directory, 'release.json'))) {
    return { directory, manifestUrl, isNew: false, description: readJson(join(directory, 'release.json')) };
  }
  const shared = join(areaReleasesDirectory, sharedFilesFolder);
  mkdirSync(join(shared, 'assets'), { recursive: true });
  const assets = readdirSync(join(distDirectory, 'assets'));
  // Content-hashed names: a file there already is this one.
  for (const file of assets) {
    if (!existsSync(join(shared, 'assets', file)))
      copyFileSync(join(distDirectory, 'assets', file), join(shared, 'assets', file));
  }
  const entryHash = createHash('sha256')
    .update(readFileSync(join(distDirectory, entryFile)))
    .digest('hex')
    .slice(0, 10);
  const entryName = `remoteEntry.${entryHash}.js`;
  const kept = {
    ...description,
    contentHash: contentHash ?? contentHashOf(distDirectory),
    files: [entryName, ...assets.filter((file) => !compressedCopy.test(file)).map((file) => `assets/${file}`)],
  };
  for (const suffix of ['', '.br', '.gz']) {
    if (existsSync(join(distDirectory, `${entryFile}${suffix}`))) {
      copyFileSync(join(distDirectory, `${entryFile}${suffix}`), join(shared, `${entryName}${suffix}`));
    }
  }

  const staging = join(areaReleasesDirectory, `.staging-${process.pid}-${Date.now()}`);
  cpSync(distDirectory, staging, {
    recursive: true,
    filter: (source) => {
      const path = relative(distDirectory, source);
      return (
        path !== 'assets' &&
        !path.startsWith(`assets/`) &&
        !path.startsWith(entryFile) &&
        !path.startsWith('mf-manifest.json.')
      );
    },
  });
  const manifest = readJson(join(distDirectory, 'mf-manifest.json'));
  manifest.metaData.publicPath = `${baseUrl}/${sharedFilesFolder}/`;
  manifest.metaData.remoteEntry = { ...manifest.metaData.remoteEntry, name: entryName, path: '' };
  writeFileSync(join(staging, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(staging, 'release.json'), `${JSON.stringify(kept, null, 2)}\n`);
  rmSync(directory, { recursive: true, force: true });
  renameSync(staging, directory);
  return { directory, manifestUrl, isNew: true, description: kept };
}

/** The release of `areaReleasesDirectory` that holds this very build, if one does. */
export function findReleaseOfBuild(/** @type {string} */ areaReleasesDirectory, /** @type {string} */ contentHash) {
  if (!existsSync(areaReleasesDirectory)) return undefined;
  return readdirSync(areaReleasesDirectory)
    .map((id) => join(areaReleasesDirectory, id, 'release.json'))
    .filter((file) => existsSync(file))
    .map((file) => /** @type {ReleaseDescription} */ (readJson(file)))
    .find((release) => release.contentHash === contentHash);
}

/**
 * Removes the releases of `areaReleasesDirectory` that are not in `keep`, and the shared files that
 * no kept release uses. Should a kept release not list its files (kept before releases listed
 * them), no shared file is removed. A removed release stays in the registry, where promoting it is
 * refused: its manifest no longer loads.
 * @param {{ areaReleasesDirectory: string, keep: ReadonlySet<string> }} options
 * @returns {{ removedReleases: string[], removedFiles: number, freedBytes: number }}
 */
export function pruneReleases({ areaReleasesDirectory, keep }) {
  const result = { removedReleases: /** @type {string[]} */ ([]), removedFiles: 0, freedBytes: 0 };
  if (!existsSync(areaReleasesDirectory)) return result;
  const sizeOf = (/** @type {string} */ path) =>
    readdirSync(path, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
  /** @type {ReleaseDescription[]} */
  const kept = [];
  for (const id of readdirSync(areaReleasesDirectory)) {
    const file = join(areaReleasesDirectory, id, 'release.json');
    if (id === sharedFilesFolder || !existsSync(file)) continue;
    if (keep.has(id)) {
      kept.push(readJson(file));
      continue;
    }
    result.freedBytes += sizeOf(join(areaReleasesDirectory, id));
    rmSync(join(areaReleasesDirectory, id), { recursive: true, force: true });
    result.removedReleases.push(id);
  }
  const shared = join(areaReleasesDirectory, sharedFilesFolder);
  if (!existsSync(shared) || kept.some((release) => !Array.isArray(release.files))) return result;
  const used = new Set(kept.flatMap((release) => release.files));
  for (const entry of readdirSync(shared, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(shared, join(entry.parentPath, entry.name));
    if (used.has(path.replace(compressedCopy, ''))) continue;
    result.freedBytes += statSync(join(shared, path)).size;
    rmSync(join(shared, path));
    result.removedFiles += 1;
  }
  return result;
}
