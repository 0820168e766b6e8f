// @ts-check

import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHostConfig } from '@formwerk/build-config';
import { ports } from '@formwerk/build-config/ports';
import { rspack } from '@rspack/core';

const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/** @param {unknown} _env @param {{ mode?: 'development' | 'production' }} argv */
export default (_env, argv) => {
  const mode = argv.mode ?? 'development';
  // Every build gets an id; the running shell polls builds/latest.json for a newer one.
  const buildId = `${new Date().toISOString()}-${randomUUID().slice(0, 8)}`;
  const config = createHostConfig({
    directory: import.meta.dirname,
    port: ports.shell,
    mode,
    packageJson,
    runtimePlugins: [join(import.meta.dirname, 'src/federation/timeout-plugin.ts')],
  });
  config.plugins = [
    ...(config.plugins ?? []),
    new rspack.DefinePlugin({ __BUILD_ID__: JSON.stringify(buildId) }),
    new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] }),
    writeStartupAssets,
    {
      apply(compiler) {
        compiler.hooks.afterEmit.tap('WriteLatestBuild', () => {
          const directory = join(import.meta.dirname, 'dist', 'builds');
          mkdirSync(directory, { recursive: true });
          writeFileSync(join(directory, 'latest.json'), JSON.stringify({ id: buildId, timestamp: Date.now() }));
        });
      },
    },
  ];
  return config;
};

/**
 * Writes dist/startup-assets.json: the files the shell loads on every page before anything renders
 * (the entry, the bootstrap chunk and the shared modules it provides and uses), in the order they
 * are needed. The shell's server puts them into the page as preload hints
 * (server/preload-hints.ts), so the browser asks for them with the HTML instead of level by level.
 * With `loaded-first` the shell's page is the first to provide each shared module, so its own
 * provided copy is the one loaded, not the fallback chunk its consumer would use otherwise.
 * @type {import('@rspack/core').RspackPluginInstance}
 */
const writeStartupAssets = {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('WriteStartupAssets', (compilation) => {
      const stats = compilation.getStats().toJson({
        all: false,
        chunks: true,
        chunkOrigins: true,
        entrypoints: true,
        modules: true,
        publicPath: true,
      });
      const publicPath = typeof stats.publicPath === 'string' && stats.publicPath !== 'auto' ? stats.publicPath : '/';
      const consumedKeys = new Set(
        (stats.modules ?? []).flatMap(({ name }) => {
          const key = /^consume shared module \(\w+\) (.+?)@/.exec(name ?? '')?.[1];
          return key ? [key] : [];
        }),
      );
      const entryFiles = Object.values(stats.entrypoints ?? {}).flatMap((entry) =>
        (entry.assets ?? []).map((asset) => asset.name),
      );
      const entryModules = new Set(['./src/index.ts']);
      /** @param {string} name */
      const providedKey = (name) => /^provide shared module \(\w+\) (.+?)@/.exec(name)?.[1];
      const chunks = stats.chunks ?? [];
      // The async chunks the entry itself imports (the bootstrap), then the shared modules in use.
      const bootstrapFiles = chunks
        .filter((chunk) => (chunk.origins ?? []).some((origin) => entryModules.has(origin.moduleName ?? '')))
        .flatMap((chunk) => chunk.files ?? []);
      const sharedFiles = chunks
        .filter((chunk) =>
          (chunk.origins ?? []).some((origin) => {
            const key = providedKey(origin.moduleName ?? '');
            return key !== undefined && consumedKeys.has(key);
          }),
        )
        .flatMap((chunk) => chunk.files ?? []);
      const files = [...new Set([...entryFiles, ...bootstrapFiles, ...sharedFiles])].map(
        (file) => `${publicPath}${file}`,
      );
      const assets = {
        scripts: files.filter((file) => file.endsWith('.js')),
        styles: files.filter((file) => file.endsWith('.css')),
      };
      const outputPath = compilation.outputOptions.path ?? join(import.meta.dirname, 'dist');
      writeFileSync(join(outputPath, 'startup-assets.json'), JSON.stringify(assets));
    });
  },
};
