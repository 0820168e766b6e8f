// @ts-check
// A remote: its own origin, its routes exposed from src/exposes/, an mf-manifest.json for the shell.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { areaOfPackage, ports } from './ports.mjs';
import { createSharedSingletons } from './shared-singletons.mjs';
import { createWebConfig } from './web-config.mjs';

/**
 * The configuration of the remote in `directory` (named `mfe-<area>`): federation name `mfe_<area>`,
 * the area's port, `./routes` exposed from src/exposes/routes.tsx.
 * @param {{ directory: string, mode: 'development' | 'production' }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function createRemoteConfig({ directory, mode }) {
  const packageJson = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8'));
  const area = areaOfPackage(packageJson.name);
  const name = `mfe_${area}`;
  const config = createWebConfig({
    directory,
    mode,
    port: ports[area],
    uniqueName: name,
    title: packageJson.name,
  });
  config.plugins = [
    ...(config.plugins ?? []),
    new ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      exposes: { './routes': './src/exposes/routes.tsx' },
      shared: createSharedSingletons(packageJson),
      manifest: true,
      dts: false,
    }),
  ];
  return config;
}
