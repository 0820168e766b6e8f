import { pagePlaceholders, staticPagesLocation } from '@formwerk/build-config/page-placeholders';
import {
  areParamsValid,
  isLocale,
  type Locale,
  localePath,
  locales,
  matchLocalizedRoute,
  type RouteMatch,
} from '@formwerk/platform/routes';
import express from 'express';
import type { Logger } from 'pino';
import { inlineStyleSources } from './form-page';
import type { PageStatus } from './page-status';

type MarketingPagesOptions = {
  /** The marketing remote's manifest URL from the registry: its static pages live beside it. */
  marketingManifestUrl: string | undefined;
  /** The site's address (PUBLIC_URL), for canonical links and the sitemap; else the request's own. */
  publicUrl?: string | undefined;
  logger: Logger;
  /** Sets the page's Content-Security-Policy, which also allows its <style> elements by these sources. */
  securityHeadersFor: (styleSources: string[]) => express.RequestHandler;
  /** Answers with the app's page (what every other page gets) with the given status. */
  sendApp: (request: express.Request, response: express.Response, page: PageStatus) => Promise<void>;
};

// A redeployed marketing area is picked up within this long, like the form page's template.
const cacheMs = 30_000;
// A remote that does not answer within this long leaves the guest with the app, which says so.
const remoteTimeoutMs = 3_000;
// Once it did not answer, it is asked again after this long, not for every guest meanwhile.
const retryMs = 5_000;
// The language choice the app records (packages/platform's locale-cookie.ts), for 365 days.
const localeCookie = 'i18n_redirected';
const localeCookieMs = 365 * 24 * 60 * 60 * 1000;

type Cached<T> = { value: T; fetchedAt: number };
type Page = { html: string; securityHeaders: express.RequestHandler };

/** The value of one cookie of the request, undefined when it has none or an empty one. */
function cookieOf(request: express.Request, name: string): string | undefined {
  const match = new RegExp(`(?:^|;)\\s*${name}=([^;]*)`).exec(request.get('cookie') ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/** The page a manifest names for a path; a trailing slash names the same page. */
function manifestKeyOf(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Text for an XML or HTML attribute or element. */
function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * A marketing page that `match` names in each language, where the remote has a static one: what the
 * sitemap lists beside it and the page itself links as its alternates.
 */
function alternatesOf(match: RouteMatch, pages: Map<string, string>): { locale: Locale; path: string }[] {
  return locales
    .map((locale) => ({ locale, path: localePath(match.route.baseName, locale, match.params) }))
    .filter(({ path }) => pages.has(path));
}

/**
 * The marketing area's pre-rendered pages (docs/decisions/024-static-marketing-pages.md): a guest's
 * GET or HEAD of a marketing route gets its static page, HTML and CSS with one small script, instead
 * of the app. Anyone signed in (a `me` cookie), the login dialog (`?login`), a page the area has no
 * static copy of, and every moment the area's origin does not answer get the app as before. Also the
 * sitemap of those pages and robots.txt.
 */
export function createMarketingPages({
  marketingManifestUrl,
  publicUrl,
  logger,
  securityHeadersFor,
  sendApp,
}: MarketingPagesOptions): express.Router {
  const router = express.Router();
  const assetBase = marketingManifestUrl ? new URL('.', marketingManifestUrl).href.replace(/\/$/, '') : undefined;
  const pagesBase = `${assetBase}/${staticPagesLocation.directory}`;
  let manifest: Cached<Map<string, string>> | undefined;
  let manifestFailedAt = 0;
  const pages = new Map<string, Cached<Page>>();
  // One read of a file at a time, however many guests ask for it meanwhile.
  const reading = new Map<string, Promise<unknown>>();

  async function fetchText(file: string): Promise<string> {
    const response = await fetch(`${pagesBase}/${file}`, { signal: AbortSignal.timeout(remoteTimeoutMs) });
    if (!response.ok) throw new Error(`The marketing area answered ${response.status} for ${file}`);
    return response.text();
  }

  function readOnce<T>(file: string, read: () => Promise<T>): Promise<T> {
    const pending = (reading.get(file) as Promise<T> | undefined) ?? read().finally(() => reading.delete(file));
    reading.set(file, pending);
    return pending;
  }

  async function loadManifest(): Promise<Map<string, string>> {
    if (manifest && Date.now() - manifest.fetchedAt < cacheMs) return manifest.value;
    if (Date.now() - manifestFailedAt < retryMs) throw new Error('The marketing area did not answer a moment ago');
    return readOnce(staticPagesLocation.manifest, async () => {
      try {
        // A remote built before its static pages answers this path with its own index.html: not JSON.
        const parsed = JSON.parse(await fetchText(staticPagesLocation.manifest)) as { pages?: unknown };
        const entries = Object.entries(parsed.pages ?? {}).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && !entry[1].includes('..'),
        );
        manifest = { value: new Map(entries), fetchedAt: Date.now() };
        return manifest.value;
      } catch (error) {
        manifest = undefined;
        manifestFailedAt = Date.now();
        throw error;
      }
    });
  }

  async function loadPage(file: string): Promise<Page> {
    const cached = pages.get(file);
    if (cached && Date.now() - cached.fetchedAt < cacheMs) return cached.value;
    return readOnce(file, async () => {
      const html = (await fetchText(file)).replaceAll(pagePlaceholders.assetBase, assetBase ?? '');
      const page = { html, securityHeaders: securityHeadersFor(inlineStyleSources(html)) };
      pages.set(file, { value: page, fetchedAt: Date.now() });
      return page;
    });
  }

  const publicOrigin = publicUrl && URL.canParse(publicUrl) ? new URL(publicUrl).origin : undefined;
  /** The site's origin as the page links it: PUBLIC_URL's, else the request's (a host of the site). */
  function siteOriginOf(request: express.Request): string {
    if (publicOrigin) return publicOrigin;
    try {
      return new URL(`${request.protocol}://${request.get('host')}`).origin;
    } catch {
      return '';
    }
  }

  router.get('/robots.txt', (request, response) => {
    const origin = siteOriginOf(request);
    response
      .set('Cache-Control', 'public, max-age=3600')
      .type('text')
      .send(
        [
          'User-agent: *',
          'Disallow: /v1',
          'Disallow: /en/v1',
          'Disallow: /api',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });

  router.get('/sitemap.xml', async (request, response) => {
    let paths: Map<string, string>;
    try {
      if (!assetBase) throw new Error('The registry names no marketing area');
      paths = await loadManifest();
    } catch (error) {
      logger.warn({ err: error }, 'the sitemap could not be made: the marketing pages are not there');
      response.status(503).set('Retry-After', '300').type('text').send('The sitemap is not available right now.');
      return;
    }
    const origin = escapeMarkup(siteOriginOf(request));
    const urls = [...paths.keys()].flatMap((path) => {
      const match = matchLocalizedRoute(path);
      if (match?.route.area !== 'marketing') return [];
      const links = alternatesOf(match, paths).map(
        ({ locale, path: alternate }) =>
          `<xhtml:link rel="alternate" hreflang="${locale}" href="${origin}${escapeMarkup(alternate)}"/>`,
      );
      return [`<url><loc>${origin}${escapeMarkup(path)}</loc>${links.join('')}</url>`];
    });
    response
      .set('Cache-Control', 'public, max-age=3600')
      .type('application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });

  router.get('/{*path}', async (request, response, next) => {
    const match = matchLocalizedRoute(request.path);
    if (!assetBase || match?.route.area !== 'marketing' || !areParamsValid(match.params)) return next();
    // The same address is the static page for a guest and the app for anyone signed in.
    response.vary('Cookie');
    if (cookieOf(request, 'me') !== undefined || request.query.login !== undefined) return next();

    if (match.route.baseName === 'index') {
      response.vary('Accept-Language');
      // As the app does (create-app-router.tsx): a first visit to / in English goes to /en, and is kept.
      const recorded = cookieOf(request, localeCookie);
      const preferred = isLocale(recorded) ? recorded : request.acceptsLanguages('de', 'en') === 'en' ? 'en' : 'de';
      if (match.route.locale === 'de' && preferred === 'en') {
        const search = request.originalUrl.slice(request.path.length);
        response
          .cookie(localeCookie, 'en', { maxAge: localeCookieMs, path: '/', sameSite: 'lax' })
          .set('Cache-Control', 'no-cache')
          .redirect(302, `/en${search}`);
        return;
      }
    }

    let page: Page | undefined;
    try {
      const file = (await loadManifest()).get(manifestKeyOf(request.path));
      page = file === undefined ? undefined : await loadPage(file);
    } catch (error) {
      logger.warn({ err: error, path: request.path }, 'a static marketing page could not be read: the app answers');
      return next();
    }
    if (!page) {
      // A route with parameters the area has no page for (a feature sku that does not exist): the app
      // says so, in the page's language. A page only the app shows (the test page) is found.
      if (Object.keys(match.params).length === 0) return next();
      await sendApp(request, response, { status: 404, message: `Page not found: ${request.originalUrl}` });
      return;
    }

    await new Promise<void>((resolve, reject) =>
      page.securityHeaders(request, response, (error?: unknown) => (error ? reject(error) : resolve())),
    );
    // As the public form page's (decision 009): a guest's page holds nothing of a signed-in user, and in
    // a new tab the isolation cost a second renderer process before the first paint (128 against 224 ms).
    response.removeHeader('Cross-Origin-Opener-Policy');
    response
      .status(200)
      // Asked again each time, answered 304 while it is unchanged (Express's ETag of the page).
      .set('Cache-Control', 'no-cache')
      .type('html')
      .send(page.html.replaceAll(pagePlaceholders.siteOrigin, escapeMarkup(siteOriginOf(request))));
  });

  return router;
}
