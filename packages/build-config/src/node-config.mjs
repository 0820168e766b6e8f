// @ts-check
// Rspack configuration for a Node server (the api, the shell's server): one CommonJS file.
// Workspace packages are bundled from their TypeScript source; every other package stays a
// require() resolved from node_modules at run time, so native and dynamic requires keep working.
// Resolved from the app's folder: a package a workspace package imports (zod, re2js for contracts)
// must be a dependency of every server app that bundles it.
import { isAbsolute } from 'node:path';

/**
 * @param {{ entry: string, outputPath: string, filename: string }} options
 *   entry and outputPath absolute, filename such as 'server.cjs'
 * @returns {import('@rspack/core').Configuration}
 */
export function createNodeBundleConfig({ entry, outputPath, filename }) {
  return {
    entry: { main: entry },
    target: 'node24',
    devtool: 'source-map',
    output: {
      path: outputPath,
      filename,
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['source', 'node', 'import', 'require', 'default'],
    },
    externalsType: 'commonjs',
    externals: [keepPackagesExternal],
    module: {
      rules: [
        {
          test: /\.(ts|tsx)$/,
          exclude: /node_modules[\\/](?!@formwerk)/,
          loader: 'builtin:swc-loader',
          // TSX for server-side rendering of shared React components (the public form page).
          options: {
            jsc: {
              target: 'es2022',
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
            },
          },
          type: 'javascript/auto',
        },
      ],
    },
    // __dirname and __filename keep their Node meaning: the directory of the emitted file.
    node: { __dirname: false, __filename: false },
    // Readable stack traces matter more on a server than a few kilobytes.
    optimization: { minimize: false },
    performance: { hints: false },
  };
}

/**
 * @param {import('@rspack/core').ExternalItemFunctionData} data
 * @param {(error?: Error | null, result?: string) => void} callback
 */
function keepPackagesExternal({ request }, callback) {
  const isBundled =
    request === undefined ||
    request.startsWith('.') ||
    request.startsWith('#') ||
    isAbsolute(request) ||
    request.startsWith('@formwerk/');
  if (isBundled) callback();
  else callback(undefined, request);
}
