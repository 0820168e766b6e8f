// @ts-check
// The server of a built remote (serve-remote.mjs starts it): hardened like the shell's. Security
// headers with a CSP for what a remote serves (scripts, styles, its standalone index.html), CORS for
// the site's own origins only, compressed answers, hashed chunks immutable, manifest and remoteEntry
// no-cache; never a source map or the federation stats. Beside the current build, every kept release
// of the remote (docs/decisions/035): `/releases/<id>/…`, each immutable.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import { sharedFilesFolder } from './releases.mjs';
import { serveBuiltFiles } from './static-headers.mjs';

/** Files a production remote never hands out, even if a build left them in dist/. */
const hiddenFile = /(\.map|(^|\/)mf-stats\.json)(\.(br|gz))?$/;
// The public form page's script and style: a form's custom domain loads them too (as module scripts,
// which need CORS), so they are open to every origin; they are the same for everyone and carry no data.
const openToEveryOrigin = /^\/(releases\/[^/]+\/)?fill\//;
// As releaseIdSchema (@formwerk/contracts): `<version>+<commit>[.<content hash>]`.
const releaseId = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?\+[0-9A-Za-z.-]+$/;

/**
 * @param {{ distDirectory: string, siteOrigins: string[], releasesDirectory?: string | undefined }} options
 *   siteOrigins: the origins of the site (the shell) whose pages load this remote;
 *   releasesDirectory: where `npm run release` keeps this remote's releases, a folder per release id
 * @returns {import('express').Express}
 */
export function createRemoteServer({ distDirectory, siteOrigins, releasesDirectory }) {
  const allowedOrigins = new Set(siteOrigins);
  const app = express();
  app.disable('x-powered-by');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          connectSrc: ["'self'", ...siteOrigins],
          imgSrc: ["'self'", 'data:', 'https:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // The shell's pages load these scripts from another origin.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use((request, response, next) => {
    response.vary('Origin');
    const origin = request.get('origin');
    if (openToEveryOrigin.test(request.path)) response.setHeader('Access-Control-Allow-Origin', '*');
    else if (origin && allowedOrigins.has(origin)) response.setHeader('Access-Control-Allow-Origin', origin);
    next();
  });
  app.use((request, response, next) => {
    if (hiddenFile.test(request.path)) response.status(404).end();
    else next();
  });
  // Built files go out as the build compressed them; what else answers (the page, a file too small
  // to be worth a compressed copy) is compressed here as it is sent.
  app.use(compression());
  if (releasesDirectory) app.use('/releases/:id', serveReleases(releasesDirectory));
  app.use(serveBuiltFiles(distDirectory, { vary: ['Origin'] }));
  app.use((_request, response) => {
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(join(distDirectory, 'index.html'));
  });
  return app;
}

/**
 * The remote's releases (releases.mjs): the files they share, and each release's own folder. Both
 * only ever gain files that never change after, so everything is cached for good, the manifests
 * too: a page that loaded one release gets all of it, however the live one changes meanwhile. An
 * unknown release or file is a 404, never the standalone page.
 * @param {string} releasesDirectory
 * @returns {import('express').RequestHandler<{ id: string }>}
 */
function serveReleases(releasesDirectory) {
  const forGood = { vary: ['Origin'], cacheControl: 'public, max-age=31536000, immutable' };
  /** @type {Map<string, import('express').RequestHandler>} */
  const releases = new Map();
  const sharedDirectory = join(releasesDirectory, sharedFilesFolder);
  // The shared files grow with each release: read again when their folders changed.
  /** @type {{ serve: import('express').RequestHandler, version: string } | undefined} */
  let shared;
  const versionOfShared = () =>
    [sharedDirectory, join(sharedDirectory, 'assets')]
      .map((directory) => (existsSync(directory) ? statSync(directory).mtimeMs : 0))
      .join(':');
  const notFound = (/** @type {import('express').Response} */ response) => () => response.status(404).end();

  return (request, response) => {
    const { id } = request.params;
    if (id === sharedFilesFolder) {
      const version = versionOfShared();
      if (shared?.version !== version) shared = { serve: serveBuiltFiles(sharedDirectory, forGood), version };
      shared.serve(request, response, notFound(response));
      return;
    }
    let serve = releases.get(id);
    if (!serve) {
      const directory = join(releasesDirectory, id);
      if (!releaseId.test(id) || !existsSync(join(directory, 'release.json'))) {
        response.status(404).end();
        return;
      }
      serve = serveBuiltFiles(directory, forGood);
      releases.set(id, serve);
    }
    serve(request, response, notFound(response));
  };
}

/**
 * The site's origins as the remotes see them: PUBLIC_URL's, the shell on this machine by both of its
 * local names, and any in SITE_ORIGINS (comma-separated: another shell of the same site).
 * @param {{ publicUrl?: string, siteOrigins?: string, shellPort: number }} options
 */
export function siteOriginsOf({ publicUrl, siteOrigins, shellPort }) {
  const local = [`http://localhost:${shellPort}`, `http://127.0.0.1:${shellPort}`];
  const listed = (siteOrigins ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
    .map((origin) => new URL(origin).origin);
  return [...new Set([...(publicUrl ? [new URL(publicUrl).origin] : []), ...local, ...listed])];
}
