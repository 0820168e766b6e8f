import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveBuiltFiles } from '@formwerk/build-config/static-headers';
import { areas, isLocale } from '@formwerk/platform/routes';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { OnlyArea } from '../config/registry';
import routeRules from '../config/route-rules.json';
import { isBotUserAgent } from './bot-user-agent';
import { createCustomDomainFence, createCustomDomainHandler, createSiteHostCheck } from './custom-domain';
import { createCustomScriptFrameRouter } from './custom-script-frame';
import { createEmbedScriptRouter } from './embed-script';
import { createFormPage, createFormPageRouter, type FormPage, isFormPagePath } from './form-page';
import {
  canaryBucketOf,
  createLiveRegistry,
  perRelease,
  type ReadLiveRegistry,
  type RemoteRegistry,
  readLiveRegistryFrom,
} from './live-registry';
import { createMarketingPages } from './marketing-pages';
import { commonMessages } from './messages';
import { findPageStatus, type PageStatus } from './page-status';
import {
  createPreloadHints,
  createRemoteAssetCache,
  escapeAttribute,
  type FetchManifest,
  withPreloadTags,
} from './preload-hints';

// When a client may try again after the api did not answer.
const apiRetryAfterSeconds = 5;
// Longer than any single database step of the api (its socket timeout is 30 s).
const apiSilenceTimeoutMs = 60_000;

export type ShellServerOptions = {
  distDirectory: string;
  apiUrl: string;
  /** Where each remote lives while the live registry names no release of it (shell/config/registry.ts). */
  registry: RemoteRegistry;
  /**
   * Origins besides the registry's that releases may be served from (a CDN): the pages'
   * Content-Security-Policy lets them load from these only (REMOTE_ORIGINS).
   */
  remoteOrigins?: string[];
  /** How the live registry is read (tests replace it); the api's GET /api/v1/registry by default. */
  readLiveRegistry?: ReadLiveRegistry;
  /** Hosting one area alone (shell/config/registry.ts): `registry` has that area only. */
  onlyArea?: OnlyArea | undefined;
  buildCheckIntervalMs: number;
  logger: Logger;
  /**
   * Express's `trust proxy` for the client address the api is told (and rate-limits by). False when
   * the shell faces the internet itself; e.g. `loopback` or a hop count behind a load balancer.
   */
  trustProxy?: boolean | string | number;
  /**
   * The site's own host names (from PUBLIC_URL); localhost and IP addresses always are. Any other
   * host is a form's custom domain.
   */
  siteHosts?: string[];
  /**
   * Whether the site is reached over https (PUBLIC_URL): then browsers are told to upgrade every
   * plain http request. A site on plain http (development, the browser tests' custom domains) must
   * not be told so, or its pages' requests go to an https that is not there.
   */
  isServedOverHttps?: boolean;
  /** How the server reads a remote's mf-manifest.json for the pages' preload hints (tests replace it). */
  fetchRemoteManifest?: FetchManifest;
  /** The site's address (PUBLIC_URL): the static marketing pages' canonical links and the sitemap use it. */
  publicUrl?: string | undefined;
};

const rules: Record<string, { redirect?: string }> = routeRules;

function originsOf(registry: RemoteRegistry, others: string[]): string[] {
  return [...new Set([...Object.values(registry), ...others].map((url) => new URL(url).origin))];
}

/** The registry the page's bootstrap registers, in the page itself: one read per page load, no request. */
const registryMetaTag = (remotes: RemoteRegistry) =>
  `<meta name="remote-registry" content="${escapeAttribute(JSON.stringify(remotes))}">`;

export function createShellServer({
  distDirectory,
  apiUrl,
  registry,
  remoteOrigins: otherRemoteOrigins = [],
  readLiveRegistry = readLiveRegistryFrom(apiUrl),
  onlyArea,
  buildCheckIntervalMs,
  logger,
  trustProxy = false,
  siteHosts = [],
  isServedOverHttps = true,
  fetchRemoteManifest,
  publicUrl,
}: ShellServerOptions) {
  // Read per page request: a rebuild (or `dev`'s watch mode) replaces it with new chunk names.
  const readIndexHtml = () =>
    readFileSync(join(distDirectory, 'index.html'), 'utf8').replace(
      /<meta name="build-check-interval" content="\d+"/,
      `<meta name="build-check-interval" content="${buildCheckIntervalMs}"`,
    );
  const remoteOrigins = originsOf(registry, otherRemoteOrigins);
  const liveRegistry = createLiveRegistry({
    fallback: registry,
    allowedOrigins: new Set(remoteOrigins),
    readLive: readLiveRegistry,
    logger,
    ...(onlyArea
      ? { liveAreas: onlyArea.others === 'live' ? areas.filter((area) => area !== onlyArea.area) : [] }
      : {}),
  });
  const preloadTagsFor = createPreloadHints({
    distDirectory,
    remoteOrigins,
    remoteAssets: createRemoteAssetCache({ fetchManifest: fetchRemoteManifest, logger }),
  });
  const isSiteHost = createSiteHostCheck(siteHosts);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  app.use(pinoHttp({ logger, autoLogging: { ignore: (request) => !request.url?.startsWith('/api') } }));
  const directives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...remoteOrigins],
    styleSrc: ["'self'", ...remoteOrigins],
    // Hosting one area alone, its development server's live reload talks over a WebSocket.
    connectSrc: [
      "'self'",
      ...remoteOrigins,
      ...(onlyArea ? originsOf(registry, []).map((origin) => origin.replace(/^http/, 'ws')) : []),
    ],
    // https images: a form's logo (form settings), shown on its public page and in the settings' preview.
    imgSrc: ["'self'", 'data:', 'https:'],
    fontSrc: ["'self'"],
    // PDF.js (the documents area's preview) starts its worker from a blob: URL of this page; without it,
    // it parses PDFs on the main thread.
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: isServedOverHttps ? [] : null,
  };
  const securityHeaders = helmet({ contentSecurityPolicy: { directives }, crossOriginEmbedderPolicy: false });
  // Public form pages are made to be embedded on any site (the share page's embed code); every other
  // page keeps its protection against being framed (clickjacking).
  // The owner's theme (form settings) arrives as style attributes in the server-rendered markup, so the
  // first paint wears it: those attributes, not <style> elements, are allowed. React escapes everything
  // it renders, and the theme's values are checked colours and a font name.
  const embeddableDirectives = { ...directives, frameAncestors: ['*'], styleSrcAttr: ["'unsafe-inline'"] };
  const embeddableSecurityHeaders = helmet({
    contentSecurityPolicy: { directives: embeddableDirectives },
    crossOriginEmbedderPolicy: false,
    // No Cross-Origin-Opener-Policy: a page that any site may frame gains nothing from it, and in a
    // new tab it costs a second renderer process before the first paint (150–200 ms measured).
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    xFrameOptions: false,
  });
  // The form page's template inlines its stylesheet (the first paint needs no request): its policy
  // allows exactly those <style> elements, by hash, and no other.
  // The live release's template: a form page is the forms area's, and follows its releases.
  const formPageOf = perRelease((formsManifestUrl) =>
    createFormPage({
      apiUrl,
      formsManifestUrl,
      logger,
      securityHeadersFor: (styleSources) =>
        helmet.contentSecurityPolicy({
          directives: { ...embeddableDirectives, styleSrc: [...directives.styleSrc, ...styleSources] },
        }),
    }),
  );
  const formPage: FormPage = async (request, response, address) => {
    const { mfe_forms: formsManifestUrl = '' } = await liveRegistry.remotesFor();
    await formPageOf(formsManifestUrl)(request, response, address);
  };
  // A form's custom domain shows its form at `/`.
  const isFormPage = (request: express.Request) =>
    isFormPagePath(request.path) || (request.path === '/' && !isSiteHost(request.hostname));
  app.use((request, response, next) =>
    (isFormPage(request) ? embeddableSecurityHeaders : securityHeaders)(request, response, next),
  );
  app.use(createCustomDomainHandler({ apiUrl, isSiteHost, formPage, logger }));

  app.use(
    '/api',
    createProxyMiddleware<express.Request>({
      target: apiUrl,
      xfwd: true,
      pathRewrite: (path) => `/api${path}`,
      // The api trusts this header from the shell, so it carries only the address the shell trusts:
      // a client cannot pick its own and slip past the rate limits.
      on: {
        proxyReq: (proxyRequest, request) => proxyRequest.setHeader('x-forwarded-for', request.ip ?? ''),
        // The api down, restarting or silent: a fast 503 the pages understand (and the public form page
        // retries after), never a hanging request or a bare proxy error.
        error: (error, _request, response) => {
          logger.warn({ err: error }, 'the api did not answer');
          if (!('setHeader' in response) || response.headersSent) return void response.destroy();
          response.statusCode = 503;
          response.setHeader('Retry-After', String(apiRetryAfterSeconds));
          response.setHeader('Content-Type', 'application/json; charset=utf-8');
          response.end(
            JSON.stringify({
              error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is not answering, please try again shortly' },
            }),
          );
        },
      },
      // A connection to the api silent this long (no byte either way) is given up: not a slow upload,
      // which keeps sending, but an api that hangs.
      proxyTimeout: apiSilenceTimeoutMs,
    }),
  );

  // What the shell answers itself (pages, the server-rendered form page, JSON) is compressed as it is
  // sent; built files come precompressed (serveBuiltFiles). Not the api's answers above: they pass
  // through as the api sends them (streamed exports, downloads).
  app.use(compression());

  // What an open page compares its own registry with (build-update): the same releases as a new page
  // load of this session would get.
  app.get('/registry.json', async (request, response) => {
    const remotes = await liveRegistry.remotesFor(canaryBucketOf(request, response, isServedOverHttps));
    response.setHeader('Cache-Control', 'no-cache');
    response.json({ remotes });
  });

  app.get('/_i18n/:locale/messages.json', (request, response) => {
    const { locale } = request.params;
    if (!isLocale(locale)) {
      response.status(404).json({ error: { code: 'LOCALE_NOT_FOUND', message: `No messages for ${locale}` } });
      return;
    }
    response.setHeader('Cache-Control', 'public, max-age=86400');
    response.json(commonMessages[locale]);
  });

  app.get('/_route-rules', (request, response) => {
    const path = typeof request.query.path === 'string' ? request.query.path : '';
    response.setHeader('Cache-Control', 'public, max-age=60');
    response.json(rules[path] ?? {});
  });

  app.use(createEmbedScriptRouter());
  app.use(createCustomScriptFrameRouter());
  app.use(createFormPageRouter(formPage));

  app.use(createCustomDomainFence(isSiteHost));
  app.use(serveBuiltFiles(distDirectory, { redirect: false }));

  /** The app's page, which renders whatever page the address names, with the status given. */
  async function sendApp(request: express.Request, response: express.Response, page: PageStatus): Promise<void> {
    if (page.status !== 200 && isBotUserAgent(request.get('user-agent'))) {
      logger.warn(
        { path: request.originalUrl, status: page.status, userAgent: request.get('user-agent') },
        page.message,
      );
      response.status(page.status).end();
      return;
    }
    const remotes = await liveRegistry.remotesFor(canaryBucketOf(request, response, isServedOverHttps));
    // What the page loads first, asked for with the HTML (an app page only, when its route is found).
    const preloadTags = page.status === 200 ? await preloadTagsFor(request.path, remotes) : '';
    response
      .status(page.status)
      .setHeader('Cache-Control', 'no-cache')
      .type('html')
      .send(withPreloadTags(readIndexHtml(), registryMetaTag(remotes) + preloadTags));
  }

  app.get('/{*path}', (request, response, next) => {
    const rule = rules[request.path];
    if (rule?.redirect) response.redirect(302, rule.redirect);
    else next();
  });
  // A guest's marketing page is the marketing area's static copy of it (and its sitemap, robots.txt).
  // Of the marketing area's live release, as the form page.
  const marketingPagesOf = perRelease((marketingManifestUrl) =>
    createMarketingPages({
      marketingManifestUrl: marketingManifestUrl || undefined,
      publicUrl,
      logger,
      // Its stylesheet is inlined for the first paint: allowed by its hash, as the form page's.
      securityHeadersFor: (styleSources) =>
        helmet.contentSecurityPolicy({
          directives: { ...directives, styleSrc: [...directives.styleSrc, ...styleSources] },
        }),
      sendApp,
    }),
  );
  app.use(async (request, response, next) => {
    const { mfe_marketing: marketingManifestUrl = '' } = await liveRegistry.remotesFor();
    marketingPagesOf(marketingManifestUrl)(request, response, next);
  });
  // Every other GET is a page: the app renders it; the status comes from the route table.
  app.get('/{*path}', async (request, response) => {
    const search = request.originalUrl.slice(request.path.length);
    await sendApp(request, response, findPageStatus(request.path, search));
  });

  return app;
}
