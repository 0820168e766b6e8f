// @ts-check
// A page a remote owns and deploys on its own, without the shell's router or the federation runtime
// (the public form page): its HTML template has placeholders the shell server fills per request.
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { pagePlaceholders } from './page-placeholders.mjs';
import { createWebConfig, precompressionPlugins } from './web-config.mjs';

/**
 * Builds `src/<name>/main.tsx` with `src/<name>/<name>.html` into `dist/<name>/`.
 * @param {{ directory: string, mode: 'development' | 'production', name: string }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function createPageEntryConfig({ directory, mode, name }) {
  const template = `./src/${name}/${name}.html`;
  const config = createWebConfig({
    directory,
    mode,
    port: 0,
    uniqueName: `${name}_page`,
    htmlTemplate: template,
    title: name,
  });
  const { devServer: _devServer, ...withoutDevServer } = config;
  return {
    ...withoutDevServer,
    name,
    entry: { [name]: `./src/${name}/main.tsx` },
    output: { ...config.output, path: join(directory, 'dist', name) },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      new rspack.HtmlRspackPlugin({
        template,
        filename: `${name}.html`,
        inject: 'head',
        scriptLoading: 'module',
        publicPath: `${pagePlaceholders.assetBase}/${name}/`,
        minify: false,
      }),
      ...precompressionPlugins(mode),
    ],
  };
}
