// @ts-check
// Pages a remote renders to complete HTML when it is built (the marketing site, as a guest first sees
// it): no React, router or federation in the browser, only a small script where the page acts. The
// shell's server sends them (shell/server/marketing-pages.ts); see
// docs/decisions/024-static-marketing-pages.md.
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { brotliBudget } from './page-entry.mjs';
import { pagePlaceholders, staticPagesLocation } from './page-placeholders.mjs';
import { createWebConfig, precompressionPlugins, typescriptRule } from './web-config.mjs';

// The renderer (`renderStaticPages`, see below) is bundled as an entry of the browser build too, for
// its stylesheet alone: the CSS every page imports, in the order the browser would apply it.
const stylesEntry = 'site';
const islandEntry = 'island';

/**
 * @typedef {{ path: string, file: string, html: string }} StaticPageFile
 *   a page: the path the site answers with it, its file under dist/pages/, its whole HTML
 * @typedef {{ siteOrigin: string, islandSrc: string, css: string }} StaticPagesInput
 *   what every page refers to: the site's origin (canonical and alternate links), the island script's
 *   URL, and the stylesheet each page inlines
 * @typedef {{ renderStaticPages: (input: StaticPagesInput) => Promise<StaticPageFile[]> }} StaticPagesRenderer
 */

/**
 * The operator's details the build's environment sets (`SITE_OPERATOR_*`, see the marketing area's
 * `features/legal/site-operator.ts`), for the pages to name instead of its examples. The static
 * pages' builds use it; the remote's own build should too, so that the app's pages say the same.
 * @returns {import('@rspack/core').RspackPluginInstance}
 */
export function siteOperatorDefinition() {
  const overrides = Object.fromEntries(
    Object.entries(process.env).filter(([name, value]) => name.startsWith('SITE_OPERATOR_') && value),
  );
  return new rspack.DefinePlugin({ __SITE_OPERATOR_ENV__: JSON.stringify(overrides) });
}

/**
 * The two builds of a remote's static pages, run in this order:
 * 1. for the browser: `src/static/island.ts` (the pages' one script, hashed and immutable) and the
 *    stylesheet of `src/static/render-static-pages.tsx` (its script is dropped);
 * 2. for Node: the same renderer, run once built; its pages and their manifest are written as the
 *    build's files, compressed like every other.
 * `islandBudget` is the most a production build may make the island weigh, in bytes Brotli.
 * @param {{ directory: string, mode: 'development' | 'production', islandBudget: number }} options
 * @returns {import('@rspack/core').Configuration[]}
 */
export function createStaticPagesConfigs({ directory, mode, islandBudget }) {
  const isProduction = mode === 'production';
  const outputPath = join(directory, 'dist', staticPagesLocation.directory);
  // The first build hands its files to the second, which runs after it (`dependencies`) in the same process.
  const browserFiles = { island: '', css: '' };
  const web = createWebConfig({ directory, mode, port: 0, uniqueName: 'static_pages', title: 'pages' });
  const { devServer: _devServer, plugins: _webPlugins, ...browserConfig } = web;
  const renderer = './src/static/render-static-pages.tsx';

  /** @type {import('@rspack/core').Configuration} */
  const browser = {
    ...browserConfig,
    name: 'static-pages-browser',
    entry: { [islandEntry]: './src/static/island.ts', [stylesEntry]: renderer },
    // Served by the remote under /pages/ (its files are named by content, the island has no chunks).
    output: { ...web.output, path: outputPath, publicPath: `/${staticPagesLocation.directory}/` },
    optimization: {
      splitChunks: false,
      // The renderer's own script is never sent: no time spent making it smaller.
      minimizer: [
        new rspack.SwcJsMinimizerRspackPlugin({ exclude: new RegExp(`${stylesEntry}\\.`) }),
        new rspack.LightningCssMinimizerRspackPlugin(),
      ],
    },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      siteOperatorDefinition(),
      handOverBrowserFiles(browserFiles),
      ...precompressionPlugins(mode),
      ...(isProduction ? [brotliBudget(islandEntry, islandBudget)] : []),
    ],
  };

  /** @type {import('@rspack/core').Configuration} */
  const render = {
    name: 'static-pages',
    dependencies: ['static-pages-browser'],
    mode,
    context: directory,
    target: 'node',
    entry: { render: renderer },
    devtool: false,
    // Everything bundled: the renderer runs from a temporary file, where nothing could be resolved.
    output: {
      path: outputPath,
      publicPath: `/${staticPagesLocation.directory}/`,
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: false,
    },
    resolve: { ...web.resolve, conditionNames: ['source', 'node', 'import', 'module', 'default'] },
    module: {
      // Stylesheets come from the browser build; here an import of one is a string nobody reads.
      rules: [typescriptRule(mode), { test: /\.css$/, type: 'asset/source' }],
    },
    optimization: { minimize: false, splitChunks: false },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      siteOperatorDefinition(),
      renderPages(browserFiles),
      ...precompressionPlugins(mode),
    ],
    performance: { hints: false },
  };
  return [browser, render];
}

/**
 * Keeps the island's file name and the stylesheet's text for the render build, and drops the files of
 * the styles entry, which are inlined into every page.
 * @param {{ island: string, css: string }} browserFiles
 * @returns {import('@rspack/core').RspackPluginInstance}
 */
function handOverBrowserFiles(browserFiles) {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('HandOverBrowserFiles', (compilation) => {
        const filesOf = (/** @type {string} */ entry) => [...(compilation.entrypoints.get(entry)?.getFiles() ?? [])];
        compilation.hooks.processAssets.tap(
          // Minified (OPTIMIZE_SIZE) and not yet compressed (OPTIMIZE_TRANSFER).
          { name: 'HandOverBrowserFiles', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE },
          () => {
            const styleFiles = filesOf(stylesEntry);
            browserFiles.css = styleFiles
              .filter((file) => file.endsWith('.css'))
              .map((file) => compilation.getAsset(file)?.source.source().toString() ?? '')
              .join('\n');
            for (const file of styleFiles) compilation.deleteAsset(file);
          },
        );
        compilation.hooks.processAssets.tap(
          // Named by its final content hash (OPTIMIZE_HASH).
          { name: 'HandOverBrowserFiles', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
          () => {
            const island = filesOf(islandEntry).find((file) => file.endsWith('.js'));
            if (!island) compilation.errors.push(new rspack.WebpackError(`The ${islandEntry} entry built no script.`));
            browserFiles.island = island ?? '';
          },
        );
      });
    },
  };
}

/**
 * Runs the built renderer and writes what it returns, with the manifest, as this build's files; the
 * renderer's own script is not kept. A page that fails to render fails the build.
 * @param {{ island: string, css: string }} browserFiles
 * @returns {import('@rspack/core').RspackPluginInstance}
 */
function renderPages(browserFiles) {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('RenderPages', (compilation) => {
        compilation.hooks.processAssets.tapPromise(
          { name: 'RenderPages', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONS },
          async () => {
            const script = [...(compilation.entrypoints.get('render')?.getFiles() ?? [])][0];
            const source = script ? compilation.getAsset(script)?.source.source().toString() : undefined;
            if (!script || source === undefined) throw new Error('The static pages renderer was not built.');
            compilation.deleteAsset(script);
            const temporary = join(tmpdir(), `static-pages-${process.pid}-${Date.now()}.cjs`);
            writeFileSync(temporary, source);
            /** @type {StaticPageFile[]} */
            let pages;
            try {
              /** @type {StaticPagesRenderer} */
              const { renderStaticPages } = createRequire(import.meta.url)(temporary);
              pages = await renderStaticPages({
                siteOrigin: pagePlaceholders.siteOrigin,
                islandSrc: `${pagePlaceholders.assetBase}/${staticPagesLocation.directory}/${browserFiles.island}`,
                css: browserFiles.css,
              });
            } finally {
              rmSync(temporary, { force: true });
            }
            const { RawSource } = compiler.rspack.sources;
            for (const page of pages) compilation.emitAsset(page.file, new RawSource(page.html));
            const manifest = { pages: Object.fromEntries(pages.map((page) => [page.path, page.file])) };
            compilation.emitAsset(staticPagesLocation.manifest, new RawSource(JSON.stringify(manifest)));
          },
        );
      });
    },
  };
}
