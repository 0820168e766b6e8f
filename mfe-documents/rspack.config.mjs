// @ts-check
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { createRemoteConfigs } from '@formwerk/build-config';

// pdfjs-dist is react-pdf's own dependency, which pnpm keeps out of this package's node_modules; the
// preview takes PDF.js's worker from the very copy react-pdf runs (react-pdf's README: "pnpm users may
// need to hoist pdfjs-dist"; an alias does it for this remote alone).
const fromReactPdf = createRequire(createRequire(import.meta.url).resolve('react-pdf'));
const pdfjsDirectory = dirname(fromReactPdf.resolve('pdfjs-dist/package.json'));

/** @param {unknown} _env @param {{ mode?: 'development' | 'production' }} argv */
export default (_env, argv) => {
  const mode = argv.mode ?? 'development';
  return createRemoteConfigs({
    directory: import.meta.dirname,
    mode,
    configure: (config) => {
      config.resolve = { ...config.resolve, alias: { ...config.resolve?.alias, 'pdfjs-dist': pdfjsDirectory } };
      config.module = {
        ...config.module,
        rules: [
          ...(config.module?.rules ?? []),
          // The worker as a file of its own (PDF.js starts it from its URL), named .js so that it is
          // compressed and cached like every other hashed script of the remote.
          {
            test: /pdf\.worker\.mjs$/,
            type: 'asset/resource',
            generator: {
              filename: mode === 'production' ? 'assets/pdf.worker.[contenthash:10].js' : 'assets/pdf.worker.js',
            },
          },
          // The handwriting fonts of typed signatures: hashed under assets/, cached for a year like the scripts.
          {
            test: /\.woff2?$/,
            type: 'asset/resource',
            generator: {
              filename: mode === 'production' ? 'assets/[name].[contenthash:10][ext]' : 'assets/[name][ext]',
            },
          },
        ],
      };
    },
  });
};
