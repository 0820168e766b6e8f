// @ts-check
// How built front-end files are served by the shell and every remote: the Brotli or gzip file the
// build wrote beside each one (web-config.mjs), chosen by the request's Accept-Encoding, and caching
// rules by name (content-hashed files never change, entry files always can).

import expressStaticGzip from 'express-static-gzip';

const hashedAsset = /\.[0-9a-f]{8,}\.(js|css|map)(\.(br|gz))?$/;

/** @param {string} path */
export function cacheControlFor(path) {
  return hashedAsset.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves `distDirectory`: Brotli where the browser takes it, else gzip, else the plain file, each
 * with `Vary: Accept-Encoding` and the headers in `vary` (a remote's answers also vary by Origin,
 * for CORS). The directory is read once, when this is called: start the server after the build.
 * `cacheControl` replaces the rule by name for every file (a release's, which never change).
 * @param {string} distDirectory
 * @param {{ redirect?: boolean, vary?: string[], cacheControl?: string }} [options]
 */
export function serveBuiltFiles(distDirectory, { redirect = true, vary = [], cacheControl } = {}) {
  return expressStaticGzip(distDirectory, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      redirect,
      setHeaders: (response, path) => {
        response.setHeader('Cache-Control', cacheControl ?? cacheControlFor(path));
        // express-static-gzip sets Vary outright for a file it has compressed: added again here.
        for (const header of [...vary, 'Accept-Encoding']) response.vary(header);
      },
    },
  });
}
