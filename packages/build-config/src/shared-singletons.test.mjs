import { describe, expect, it } from 'vitest';
import { createSharedSingletons, singletonPackages } from './shared-singletons.mjs';
import { cacheControlFor } from './static-headers.mjs';

const dependencies = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router': '7.18.5',
  zustand: '5.1.0',
  i18next: '26.7.2',
  'react-i18next': '17.1.13',
  '@formwerk/platform': 'workspace:*',
};

describe('createSharedSingletons', () => {
  it('shares every singleton, react and react-dom also by subpath, with semver ranges', () => {
    const shared = createSharedSingletons({ dependencies });
    expect(Object.keys(shared).sort()).toEqual([...singletonPackages, 'react/', 'react-dom/'].sort());
    expect(shared.react).toEqual({ singleton: true, requiredVersion: '^19.3.1', strictVersion: false });
    expect(shared['react-dom/']).toEqual(shared['react-dom']);
    // `workspace:*` is not a version range the federation runtime understands.
    expect(shared['@formwerk/platform']?.requiredVersion).toBe('^1.0.0');
  });

  it('when an app lacks a singleton dependency, fails the build with its name', () => {
    const { zustand: _, ...withoutZustand } = dependencies;
    expect(() => createSharedSingletons({ dependencies: withoutZustand })).toThrow('zustand must be a dependency');
  });
});

describe('cacheControlFor', () => {
  it('marks content-hashed files immutable and everything else no-cache', () => {
    expect(cacheControlFor('/dist/assets/435.d6e3f88b93.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/dist/mf-manifest.json')).toBe('no-cache');
    expect(cacheControlFor('/dist/remoteEntry.js')).toBe('no-cache');
  });
});
