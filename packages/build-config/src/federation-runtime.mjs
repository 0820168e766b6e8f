// @ts-check
// One federation runtime per page (see docs/decisions/028-one-federation-runtime.md): the shell provides
// it, a remote's production build leaves it out of remoteEntry.js and takes the shell's. A remote's own
// standalone page has no shell, so a tiny separate build gives it the runtime as a script of its own.
import { join } from 'node:path';
import { rspack } from '@rspack/core';

/** Where the standalone page's runtime script lands in a remote's dist, and its path on the remote's origin. */
export const runtimeDirectory = 'federation-runtime';
const runtimeFile = 'runtime.js';

/**
 * The build of that script: the runtime alone, minified, without federation of its own.
 * @param {{ directory: string, mode: 'development' | 'production' }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function createFederationRuntimeConfig({ directory, mode }) {
  return {
    name: 'federation-runtime',
    mode,
    context: directory,
    target: 'web',
    devtool: false,
    entry: { runtime: join(import.meta.dirname, 'federation-runtime-provider.js') },
    output: { path: join(directory, 'dist', runtimeDirectory), filename: runtimeFile, clean: true },
    performance: { hints: false },
  };
}

/**
 * Puts the runtime script before the standalone page's own scripts (which are deferred; this one is not,
 * so the runtime is there when they start).
 * @type {import('@rspack/core').RspackPluginInstance}
 */
export const standaloneRuntimeScript = {
  apply(compiler) {
    compiler.hooks.compilation.tap('StandaloneRuntimeScript', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap(
        'StandaloneRuntimeScript',
        (data) => {
          data.headTags.unshift({
            tagName: 'script',
            attributes: { src: `/${runtimeDirectory}/${runtimeFile}` },
            voidTag: false,
          });
          return data;
        },
      );
    });
  },
};
