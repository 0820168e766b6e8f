// @ts-check
// A remote: its own origin, its routes exposed from src/exposes/, an mf-manifest.json for the shell.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createFederationRuntimeConfig, runtimeDirectory, standaloneRuntimeScript } from './federation-runtime.mjs';
import { areaOfPackage, ports } from './ports.mjs';
import { createSharedSingletons } from './shared-singletons.mjs';
import { createWebConfig } from './web-config.mjs';

/**
 * The builds of the remote in `directory` (named `mfe-<area>`): federation name `mfe_<area>`, the area's
 * port, `./routes` exposed from src/exposes/routes.tsx; in production also the runtime script of its
 * standalone page (federation-runtime.mjs). Change the remote's own build through `configure`.
 * @param {{ directory: string, mode: 'development' | 'production', keptPages?: string[],
 *   configure?: (config: import('@rspack/core').Configuration) => void }} options
 * @returns {import('@rspack/core').Configuration[]}
 */
export function createRemoteConfigs({ directory, mode, keptPages = [], configure }) {
  const config = createRemoteConfig({ directory, mode, keptPages });
  configure?.(config);
  return mode === 'production' ? [config, createFederationRuntimeConfig({ directory, mode })] : [config];
}

/**
 * @param {{ directory: string, mode: 'development' | 'production', keptPages: string[] }} options
 * @returns {import('@rspack/core').Configuration}
 */
function createRemoteConfig({ directory, mode, keptPages }) {
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
  // A page entry of the remote (see page-entry.mjs) builds into dist/<page>/ at the same time.
  const outputPath = join(directory, 'dist');
  const kept = [...keptPages, runtimeDirectory];
  const isKept = (/** @type {string} */ path) => kept.some((page) => path.startsWith(join(outputPath, page)));
  config.output = { ...config.output, clean: { keep: isKept } };
  config.plugins = [
    ...(config.plugins ?? []),
    new ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      exposes: { './routes': './src/exposes/routes.tsx' },
      shared: createSharedSingletons(packageJson),
      manifest: true,
      dts: false,
      // In production the shell's runtime serves the remote too: 17 kB brotli less per area visited.
      ...(mode === 'production' ? { experiments: { externalRuntime: true } } : {}),
    }),
    ...(mode === 'production' ? [withoutFederationStats, standaloneRuntimeScript] : []),
  ];
  return config;
}

/**
 * Drops mf-stats.json from a production build: the shell reads mf-manifest.json only, and the stats
 * would tell anyone the remote's module graph and source paths.
 * @type {import('@rspack/core').RspackPluginInstance}
 */
const withoutFederationStats = {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('WithoutFederationStats', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the federation plugin wrote its stats and manifest (at OPTIMIZE_TRANSFER).
        { name: 'WithoutFederationStats', stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          // With the compressed copies, should a compressing plugin have run before.
          for (const { name } of compilation.getAssets()) {
            if (name.startsWith('mf-stats.json')) compilation.deleteAsset(name);
          }
        },
      );
    });
  },
};
