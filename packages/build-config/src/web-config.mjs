// @ts-check
// Rspack configuration shared by the shell and the five remotes.

import { join } from 'node:path';
import { constants } from 'node:zlib';
import { rspack } from '@rspack/core';
import CompressionPlugin from 'compression-webpack-plugin';

// Text files worth compressing, written beside each built file as .br and .gz (static-headers.mjs
// serves them by Accept-Encoding): at the highest levels, since it happens once per build.
const compressible = /\.(js|css|html|json|svg)$/;
/** @type {import('node:zlib').BrotliOptions} */
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } };

/**
 * The plugins that write those files: for each production build (a configuration of its own).
 * @param {'development' | 'production'} mode
 */
export function precompressionPlugins(mode) {
  if (mode !== 'production') return [];
  return [
    new CompressionPlugin({
      test: compressible,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: brotliOptions,
      threshold: 1024,
      minRatio: 0.9,
    }),
    new CompressionPlugin({
      test: compressible,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: constants.Z_BEST_COMPRESSION },
      threshold: 1024,
      minRatio: 0.9,
    }),
  ];
}

/**
 * How TypeScript and TSX are compiled, for the browser and for Node alike.
 * @param {'development' | 'production'} mode
 * @returns {import('@rspack/core').RuleSetRule}
 */
export function typescriptRule(mode) {
  return {
    test: /\.(ts|tsx)$/,
    // Workspace packages are bundled from their TypeScript source.
    exclude: /node_modules[\\/](?!@formwerk)/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: mode !== 'production' } },
      },
    },
    type: 'javascript/auto',
  };
}

/**
 * A remote without `htmlTemplate` gets the plugin's default page; its standalone bootstrap renders into it.
 * @param {{ directory: string, mode: 'development' | 'production', port: number, uniqueName: string,
 *   htmlTemplate?: string, title: string }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function createWebConfig({ directory, mode, port, uniqueName, htmlTemplate, title }) {
  const isProduction = mode === 'production';
  return {
    mode,
    context: directory,
    entry: { main: './src/index.ts' },
    target: 'web',
    // No source maps in a production build: the code is served as built, its sources stay ours. In
    // development, maps in files of their own, not `eval`: a remote's development server runs inside
    // the built shell (`pnpm --filter mfe-<area> dev`), whose Content-Security-Policy allows no eval.
    devtool: isProduction ? false : 'cheap-module-source-map',
    // Rspack's development server compiles dynamic imports on first use by default, asking its own
    // origin from the page: a remote's page is the shell's, on another origin, so everything is built.
    lazyCompilation: false,
    output: {
      path: join(directory, 'dist'),
      publicPath: 'auto',
      uniqueName,
      filename: isProduction ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: isProduction ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      cssFilename: isProduction ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      cssChunkFilename: isProduction ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['source', 'browser', 'import', 'module', 'default'],
    },
    module: { rules: [typescriptRule(mode), { test: /\.css$/, type: 'css/auto' }] },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      // The page is served for every path, so its scripts load from the root; federated chunks keep
      // `publicPath: 'auto'` and resolve from the manifest's origin.
      new rspack.HtmlRspackPlugin({
        ...(htmlTemplate ? { template: htmlTemplate } : { meta: { viewport: 'width=device-width, initial-scale=1' } }),
        title,
        inject: 'body',
        scriptLoading: 'defer',
        publicPath: '/',
      }),
      ...precompressionPlugins(mode),
    ],
    devServer: {
      port,
      host: 'localhost',
      historyApiFallback: true,
      hot: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
    performance: { hints: false },
  };
}
