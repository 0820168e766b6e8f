// @ts-check
// The one list of modules that shell and remotes share as singletons (ARCHITECTURE.md decision 1).
// A store or i18n instance is one instance only when its package is shared this way.

import { platformContractVersion } from './platform-contract.mjs';

export const singletonPackages = Object.freeze([
  'react',
  'react-dom',
  'react-router',
  'zustand',
  'i18next',
  'react-i18next',
  '@formwerk/platform',
]);

// react and react-dom are also imported by subpath (react/jsx-runtime, react-dom/client).
const sharedWithSubpaths = new Set(['react', 'react-dom']);

/**
 * @param {{ dependencies?: Record<string, string> }} packageJson the consuming app's package.json
 * @returns {Record<string, { singleton: true, requiredVersion: string, strictVersion: false }>}
 */
export function createSharedSingletons(packageJson) {
  /** @type {Record<string, { singleton: true, requiredVersion: string, strictVersion: false }>} */
  const shared = {};
  for (const name of singletonPackages) {
    const declared = packageJson.dependencies?.[name];
    if (!declared) throw new Error(`${name} must be a dependency of every federated app (it is a shared singleton)`);
    // Workspace packages need real semver here; `workspace:*` is not a version range. The platform's is
    // its contract's.
    const requiredVersion = declared.startsWith('workspace:')
      ? `^${platformContractVersion}`
      : `^${declared.replace(/^[\^~]/, '')}`;
    const options = {
      singleton: /** @type {const} */ (true),
      requiredVersion,
      strictVersion: /** @type {const} */ (false),
    };
    shared[name] = options;
    if (sharedWithSubpaths.has(name)) shared[`${name}/`] = options;
  }
  return shared;
}
