// @ts-check
// A remote: its own origin, its routes exposed from src/exposes/, an mf-manifest.json for the shell.
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createSharedSingletons } from './shared-singletons.mjs';
import { createWebConfig } from './web-config.mjs';

/**
 * @param {{ name: string, directory: string, port: number, mode: 'development' | 'production',
 *   packageJson: { dependencies?: Record<string, string> }, exposes: Record<string, string> }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function createRemoteConfig({ name, directory, port, mode, packageJson, exposes }) {
  const config = createWebConfig({ directory, mode, port, uniqueName: name });
  config.plugins = [
    ...(config.plugins ?? []),
    new ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      exposes,
      shared: createSharedSingletons(packageJson),
      manifest: true,
      dts: false,
    }),
  ];
  return config;
}
