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
 * @typedef {{ area: string, id: string, version: string, commit: string, contractVersion: string,
 *   builtAt: string, contentHash: string }} ReleaseDescription
 */

/**
 * Keeps the build in `distDirectory` as the release `id` of the remote whose releases live in
 * `areaReleasesDirectory` and are served at `baseUrl` (that folder's URL). A release id that is
 * kept already is left as it is: releases never change.
 * @param {{ distDirectory: string, areaReleasesDirectory: string, baseUrl: string,
 *   description: Omit<ReleaseDescription, 'contentHash'>, contentHash?: string }} options
 * @returns {{ directory: string, manifestUrl: string, isNew: boolean, description: ReleaseDescription }}
 */
export function keepRelease({ distDirectory, areaReleasesDirectory, baseUrl, description, contentHash }) {
  const directory = join(areaReleasesDirectory, description.id);
  const manifestUrl = `${baseUrl}/${encodeURIComponent(description.id)}/mf-manifest.json`;
  if (existsSync(join(directory, 'release.json'))) {
    return { directory, manifestUrl, isNew: false, description: readJson(join(directory, 'release.json')) };
  }
  const kept = { ...description, contentHash: contentHash ?? contentHashOf(distDirectory) };
  const shared = join(areaReleasesDirectory, sharedFilesFolder);
  mkdirSync(join(shared, 'assets'), { recursive: true });
  // Content-hashed names: a file there already is this one.
  for (const file of readdirSync(join(distDirectory, 'assets'))) {
    if (!existsSync(join(shared, 'assets', file)))
      copyFileSync(join(distDirectory, 'assets', file), join(shared, 'assets', file));
  }
  const entryHash = createHash('sha256')
    .update(readFileSync(join(distDirectory, entryFile)))
    .digest('hex')
    .slice(0, 10);
  const entryName = `remoteEntry.${entryHash}.js`;
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
