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
 * Fails a production build when what the page loads first (its entry's scripts and stylesheet) is more
 * than `bytes` on the wire: the brotli files written beside them, which the remote's server sends.
 * @param {string} name @param {number} bytes
 * @returns {import('@rspack/core').RspackPluginInstance}
 */
export function brotliBudget(name, bytes) {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('BrotliBudget', (compilation) => {
        compilation.hooks.processAssets.tap(
          // After the precompression plugins (stage OPTIMIZE_TRANSFER) have written the .br files.
          { name: 'BrotliBudget', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
          () => {
            const files = [...(compilation.entrypoints.get(name)?.getFiles() ?? [])];
            // A file too small to be worth compressing goes as it is.
            const sizes = files.map((file) => ({
              file,
              size: (compilation.getAsset(`${file}.br`) ?? compilation.getAsset(file))?.source.size() ?? 0,
            }));
            const total = sizes.reduce((sum, { size }) => sum + size, 0);
            if (total <= bytes) return;
            const list = sizes.map(({ file, size }) => `${file} ${size}`).join(', ');
            compilation.errors.push(
              new rspack.WebpackError(
                `The ${name} page loads ${total} bytes brotli at first, over its budget of ${bytes} (${list}).`,
              ),
            );
          },
        );
      });
    },
  };
}

/**
 * Builds `src/<name>/main.tsx` with `src/<name>/<name>.html` into `dist/<name>/`. `plugins` are the
 * page's own (e.g. a module replaced by a lighter one for this page only); `brotliBudget` is the most
 * a production build may make the page load at first, in bytes on the wire.
 * @param {{ directory: string, mode: 'development' | 'production', name: string,
 *   plugins?: import('@rspack/core').RspackPluginInstance[], brotliBudget?: number }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function createPageEntryConfig({ directory, mode, name, plugins = [], brotliBudget: budget }) {
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
    // What the page loads on demand (a dynamic import) comes as one file, not split off by package.
    optimization: { splitChunks: false },
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
      ...plugins,
      ...precompressionPlugins(mode),
      ...(mode === 'production' && budget !== undefined ? [brotliBudget(name, budget)] : []),
    ],
  };
}
