import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentHashOf, findReleaseOfBuild, keepRelease, pruneReleases } from './releases.mjs';

/** A remote's production build as the federation plugin writes it, with one chunk of its own. */
function buildWith(/** @type {string} */ ownChunk) {
  const build = mkdtempSync(join(tmpdir(), 'remote-build-'));
  mkdirSync(join(build, 'assets'));
  const manifest = {
    name: 'mfe_forms',
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  };
  writeFileSync(join(build, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(build, 'mf-manifest.json.br'), 'stale compressed manifest');
  writeFileSync(join(build, 'remoteEntry.js'), `/* loads ${ownChunk} */`);
  writeFileSync(join(build, 'assets', 'react.0123456789.js'), 'react');
  writeFileSync(join(build, 'assets', ownChunk), ownChunk);
  return build;
}
const descriptionOf = (/** @type {string} */ id) => ({
  area: 'forms',
  id,
  version: '1.0.0',
  commit: 'abc1234',
  contractVersion: '1.0.0',
  builtAt: '2026-11-27T04:00:00.000Z',
});

describe('keeping a build as a release', () => {
  it('keeps the manifest per release, pointing at the files all releases share, its entry named by content', () => {
    const releases = mkdtempSync(join(tmpdir(), 'releases-'));
    const first = keepRelease({
      distDirectory: buildWith('page.aaaaaaaaaa.js'),
      areaReleasesDirectory: releases,
      baseUrl: 'https://cdn.example/mfe-forms',
      description: descriptionOf('1.0.0+abc1234'),
    });
    const second = keepRelease({
      distDirectory: buildWith('page.bbbbbbbbbb.js'),
      areaReleasesDirectory: releases,
      baseUrl: 'https://cdn.example/mfe-forms',
      description: descriptionOf('1.0.0+abc1234.0f0f0f0f0f'),
    });
    expect(first.manifestUrl).toBe('https://cdn.example/mfe-forms/1.0.0%2Babc1234/mf-manifest.json');
    const manifestOf = (/** @type {{ directory: string }} */ release) =>
      JSON.parse(readFileSync(join(release.directory, 'mf-manifest.json'), 'utf8'));
    expect(manifestOf(first).metaData.publicPath).toBe('https://cdn.example/mfe-forms/files/');
    expect(manifestOf(first).metaData.remoteEntry.name).toMatch(/^remoteEntry\.[0-9a-f]{10}\.js$/);
    expect(manifestOf(second).metaData.remoteEntry.name).not.toBe(manifestOf(first).metaData.remoteEntry.name);
    // The chunk both builds have is kept once; the release folders hold no chunk, and no stale copy.
    expect(readdirSync(join(releases, 'files', 'assets')).sort()).toEqual([
      'page.aaaaaaaaaa.js',
      'page.bbbbbbbbbb.js',
      'react.0123456789.js',
    ]);
    expect(readdirSync(first.directory).sort()).toEqual(['mf-manifest.json', 'release.json']);
    expect(readdirSync(releases).filter((name) => name.startsWith('.staging'))).toEqual([]);
  });

  it('never changes a kept release, and finds the release of a build by its content', () => {
    const releases = mkdtempSync(join(tmpdir(), 'releases-'));
    const build = buildWith('page.aaaaaaaaaa.js');
    const kept = keepRelease({
      distDirectory: build,
      areaReleasesDirectory: releases,
      baseUrl: 'http://x',
      description: descriptionOf('1.0.0+abc1234'),
    });
    expect(kept.isNew).toBe(true);
    expect(findReleaseOfBuild(releases, contentHashOf(build))?.id).toBe('1.0.0+abc1234');
    expect(findReleaseOfBuild(releases, contentHashOf(buildWith('page.cccccccccc.js')))).toBeUndefined();

    const again = keepRelease({
      distDirectory: buildWith('page.dddddddddd.js'),
      areaReleasesDirectory: releases,
      baseUrl: 'http://x',
      description: descriptionOf('1.0.0+abc1234'),
    });
    expect(again.isNew).toBe(false);
    expect(again.description.contentHash).toBe(kept.description.contentHash);
    expect(existsSync(join(releases, 'files', 'assets', 'page.dddddddddd.js'))).toBe(false);
  });

  it('prunes the releases not kept, and the shared files only they used, compressed copies too', () => {
    const releases = mkdtempSync(join(tmpdir(), 'releases-'));
    const keep = (/** @type {string} */ id, /** @type {string} */ chunk) => {
      const build = buildWith(chunk);
      writeFileSync(join(build, 'assets', `${chunk}.br`), 'compressed');
      return keepRelease({
        distDirectory: build,
        areaReleasesDirectory: releases,
        baseUrl: 'http://x',
        description: descriptionOf(id),
      });
    };
    keep('1.0.0+old', 'page.aaaaaaaaaa.js');
    const live = keep('1.0.0+live', 'page.bbbbbbbbbb.js');
    keep('1.0.0+newer', 'page.cccccccccc.js');

    const pruned = pruneReleases({ areaReleasesDirectory: releases, keep: new Set(['1.0.0+live']) });

    expect(pruned.removedReleases.sort()).toEqual(['1.0.0+newer', '1.0.0+old']);
    expect(pruned.freedBytes).toBeGreaterThan(0);
    expect(readdirSync(releases).sort()).toEqual(['1.0.0+live', 'files']);
    expect(readdirSync(join(releases, 'files', 'assets')).sort()).toEqual([
      'page.bbbbbbbbbb.js',
      'page.bbbbbbbbbb.js.br',
      'react.0123456789.js',
    ]);
    const { metaData } = JSON.parse(readFileSync(join(live.directory, 'mf-manifest.json'), 'utf8'));
    expect(readdirSync(join(releases, 'files')).filter((name) => name.startsWith('remoteEntry.'))).toEqual([
      metaData.remoteEntry.name,
    ]);
  });
});
