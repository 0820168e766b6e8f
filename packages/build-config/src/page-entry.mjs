// @ts-check
// A page a remote owns and deploys on its own, without the shell's router or the federation runtime
// (the public form page): its HTML template has placeholders the shell server fills per request.
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { pagePlaceholders } from './page-placeholders.mjs';
import { createWebConfig, precompressionPlugins } from './web-config.mjs';

/**
 * Puts the page's stylesheets into its HTML as <style> elements: no request stands between the HTML
 * and its first paint (the public form page's LCP). The shell server allows exactly these styles by
 * their hashes in its Content-Security-Policy (shell/server/form-page.ts).
 * @type {import('@rspack/core').RspackPluginInstance}
 */
const inlineStylesheets = {
  apply(compiler) {
    compiler.hooks.compilation.tap('InlineStylesheets', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap('InlineStylesheets', (data) => {
        data.headTags = data.headTags.map((tag) => {
          const isStylesheet = tag.tagName === 'link' && tag.attributes.rel === 'stylesheet' && tag.asset;
          // The tag names its file with the public path in front.
          const file = isStylesheet ? String(tag.asset).slice(data.publicPath.length) : '';
          const css = isStylesheet ? compilation.getAsset(file)?.source.source().toString() : undefined;
          return css === undefined ? tag : { tagName: 'style', attributes: {}, voidTag: false, innerHTML: css };
        });
        return data;
      });
    });
  },
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
      inlineStylesheets,
      ...precompressionPlugins(mode),
    ],
  };
}
