// @ts-check
// The shell: no remotes at build time; they are registered at run time from the registry.
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createSharedSingletons } from './shared-singletons.mjs';
import { createWebConfig } from './web-config.mjs';

/**
 * @param {{ directory: string, port: number, mode: 'development' | 'production',
 *   packageJson: { dependencies?: Record<string, string> }, runtimePlugins: string[] }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function createHostConfig({ directory, port, mode, packageJson, runtimePlugins }) {
  const config = createWebConfig({
    directory,
    mode,
    port,
    uniqueName: 'shell',
    htmlTemplate: './src/index.html',
    title: 'Formwerk',
  });
  // The shell serves every path from one index.html, so its own files resolve from the root.
  config.output = { ...config.output, publicPath: '/' };
  config.plugins = [
    ...(config.plugins ?? []),
    new ModuleFederationPlugin({
      name: 'shell',
      remotes: {},
      shared: createSharedSingletons(packageJson),
      shareStrategy: 'loaded-first',
      runtimePlugins,
      dts: false,
      // The one federation runtime of the page, which the remotes' production builds take (federation-runtime.mjs).
      experiments: { provideExternalRuntime: true },
    }),
  ];
  return config;
}
