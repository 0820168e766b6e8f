// @ts-check
// A page a remote owns and deploys on its own, without the shell's router or the federation runtime
// (the public form page): its HTML template has placeholders the shell server fills per request.
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { createWebConfig } from './web-config.mjs';

/**
 * The placeholders of a page template. Asset URLs start with `assetBase`, which the shell replaces by
 * the remote's public origin (from its registry entry), so the page loads the remote's files
 * wherever the remote is deployed.
 */
export const pagePlaceholders = {
  assetBase: '__ASSET_BASE__',
  language: '__LANG__',
  title: '__TITLE__',
  body: '__BODY__',
  data: '__DATA__',
};

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
    ],
  };
}
