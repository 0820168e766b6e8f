import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Area, areParamsValid, type Locale, locales, matchLocalizedRoute } from '@formwerk/platform/routes';
import type { Logger } from 'pino';
import { isFormPagePath } from './form-page';

/**
 * What the shell's page needs before it can show a signed-in page, written into its HTML as
 * `<link rel="preload">` so the browser asks for all of it at once instead of finding it level by
 * level (main.js → the shell's chunks → messages → the remote's manifest → its entry). The registry
 * itself is in the page (create-shell-server.ts).
 *
 * The shell's own chunks come from `startup-assets.json`, which the shell's build writes beside
 * index.html (rspack.config.mjs); the remote's from its mf-manifest.json, read by this server.
 * Every hint matches how the app itself asks for the file, or the browser fetches it twice:
 * scripts and stylesheets without `crossorigin` (the chunk loaders set none), the JSON that
 * `fetch()` reads with `crossorigin` (anonymous: `fetch`'s default credentials mode `same-origin`).
 */

/** Written by the shell's build (rspack.config.mjs): the files its bootstrap loads on every page. */
export const startupAssetsFile = 'startup-assets.json';

export type StartupAssets = { scripts: string[]; styles: string[] };

/** A remote's startup assets, and the chunk of its texts in each language (decision 034). */
export type RemoteStartupAssets = StartupAssets & { messages: Partial<Record<Locale, string>> };

type PreloadLink = { href: string; as: 'script' | 'style' | 'fetch'; crossOrigin?: boolean };

// A remote redeployed under the same manifest URL is picked up within this long (like the form page's template).
const manifestCacheMs = 30_000;
// A remote that did not answer is asked again after this long, not on every page.
const manifestRetryMs = 5_000;
// How long a page waits for a manifest the server has not read yet: past it the page goes without.
const manifestWaitMs = 300;
const manifestTimeoutMs = 5_000;

/** Escapes a value for a double-quoted HTML attribute. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function renderPreloadLinks(links: PreloadLink[]): string {
  const seen = new Set<string>();
  return links
    .filter((link) => !seen.has(link.href) && seen.add(link.href))
    .map(
      (link) =>
        `<link rel="preload" href="${escapeAttribute(link.href)}" as="${link.as}"${link.crossOrigin ? ' crossorigin' : ''}>`,
    )
    .join('');
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The startup assets the build wrote, or none when the file is missing or not what the build writes. */
export function readStartupAssets(distDirectory: string): StartupAssets | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(distDirectory, startupAssetsFile), 'utf8'));
    const { scripts, styles } = (parsed ?? {}) as Partial<Record<keyof StartupAssets, unknown>>;
    if (!isStringList(scripts) || !isStringList(styles)) return undefined;
    // The shell's own files only: paths on its origin.
    const isOwnPath = (path: string) => path.startsWith('/') && !path.startsWith('//');
    return { scripts: scripts.filter(isOwnPath), styles: styles.filter(isOwnPath) };
  } catch {
    return undefined;
  }
}

/** The area and locale whose files a page preloads: the app's pages, not the public form or marketing pages. */
export function preloadTargetOf(pathname: string): { area: Area; locale: Locale } | undefined {
  if (isFormPagePath(pathname)) return undefined;
  const match = matchLocalizedRoute(pathname);
  if (!match || !areParamsValid(match.params) || match.route.area === 'marketing') return undefined;
  return { area: match.route.area, locale: match.route.locale };
}

type ManifestShape = {
  metaData?: { publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: {
    name?: unknown;
    path?: unknown;
    assets?: { js?: { sync?: unknown; async?: unknown }; css?: { sync?: unknown } };
  }[];
};

// As the federation runtime joins a remote entry's path and name (@module-federation/sdk).
function joinEntryPath(path: string, name: string): string {
  const trimmed = path
    .replace(/^\.\/?/, '')
    .replace(/^\//, '')
    .replace(/\/$/, '');
  return trimmed ? `${trimmed}/${name}` : name;
}

// A remote names the chunk of its texts in a language `messages-<locale>` (decision 034), which the
// build puts into the file name (`assets/messages-en.<hash>.js`).
const messagesChunkOf = (locale: Locale) => new RegExp(`(^|/)messages-${locale}\\.[^/]*\\.js$`);

/**
 * The scripts and stylesheets the federation runtime loads first for a remote's `./routes`: its
 * entry and the expose's synchronous chunks, and the chunk of its texts in each language, which
 * `./routes` asks for next; as absolute URLs on the remote's origins. None when the manifest is not
 * one the runtime would read the same way (a `getPublicPath` function).
 */
export function remoteStartupAssetsOf(manifest: unknown, manifestUrl: string): RemoteStartupAssets | undefined {
  const { metaData, exposes } = (manifest ?? {}) as ManifestShape;
  const entryName = metaData?.remoteEntry?.name;
  const publicPath = metaData?.publicPath;
  if (typeof entryName !== 'string' || !entryName || typeof publicPath !== 'string') return undefined;
  // `auto`: the manifest's directory (the runtime's inferAutoPublicPath).
  const base = publicPath === 'auto' || publicPath === '' ? new URL('.', manifestUrl).href : publicPath;
  const entryPath = typeof metaData?.remoteEntry?.path === 'string' ? metaData.remoteEntry.path : '';
  const urlOf = (file: string): string | undefined => {
    try {
      const url = new URL(`${base}${file}`, manifestUrl);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
    } catch {
      return undefined;
    }
  };
  const routes = Array.isArray(exposes)
    ? exposes.find((expose) => expose?.name === 'routes' || expose?.path === './routes')
    : undefined;
  const listOf = (value: unknown) => (isStringList(value) ? value : []);
  const defined = (urls: (string | undefined)[]) => urls.filter((url): url is string => url !== undefined);
  const asyncScripts = listOf(routes?.assets?.js?.async);
  const messages: RemoteStartupAssets['messages'] = {};
  for (const locale of locales) {
    const file = asyncScripts.find((each) => messagesChunkOf(locale).test(each));
    const url = file === undefined ? undefined : urlOf(file);
    if (url) messages[locale] = url;
  }
  return {
    scripts: defined([urlOf(joinEntryPath(entryPath, entryName)), ...listOf(routes?.assets?.js?.sync).map(urlOf)]),
    styles: defined(listOf(routes?.assets?.css?.sync).map(urlOf)),
    messages,
  };
}

export type FetchManifest = (url: string) => Promise<unknown>;

const fetchManifestJson: FetchManifest = async (url) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(manifestTimeoutMs) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
};

/**
 * The remotes' startup assets by manifest URL (a versioned URL is a registry version of its own),
 * read again after 30 s. A page never waits for a re-read (it gets the last answer) and waits at
 * most 300 ms for a first one; a remote that does not answer leaves its pages without its hints.
 */
export function createRemoteAssetCache({
  fetchManifest = fetchManifestJson,
  logger,
}: {
  fetchManifest?: FetchManifest | undefined;
  logger: Logger;
}) {
  type Entry = { assets?: RemoteStartupAssets | undefined; checkedAt: number; reading?: Promise<void> | undefined };
  const entries = new Map<string, Entry>();

  function read(url: string, entry: Entry): Promise<void> {
    entry.reading ??= fetchManifest(url)
      .then(
        (manifest) => {
          entry.assets = remoteStartupAssetsOf(manifest, url);
          if (!entry.assets) logger.warn({ url }, 'a remote manifest without the entry the runtime reads');
        },
        (error: unknown) => {
          entry.assets = undefined;
          logger.warn({ err: error, url }, 'a remote manifest could not be read for the page hints');
        },
      )
      .finally(() => {
        entry.checkedAt = Date.now();
        entry.reading = undefined;
      });
    return entry.reading;
  }

  return async function startupAssetsOf(url: string): Promise<RemoteStartupAssets | undefined> {
    let entry = entries.get(url);
    if (!entry) {
      entry = { checkedAt: 0 };
      entries.set(url, entry);
    }
    const age = Date.now() - entry.checkedAt;
    if (age < (entry.assets ? manifestCacheMs : manifestRetryMs)) return entry.assets;
    const reading = read(url, entry);
    if (entry.assets) return entry.assets;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, manifestWaitMs);
      timer.unref();
    });
    await Promise.race([reading, waited]);
    clearTimeout(timer);
    return entry.assets;
  };
}

/**
 * The `<link rel="preload">` tags for the page at `pathname` with the registry `remotes` (the releases
 * this page load gets): none for the public form page and the marketing pages; for the app's pages
 * the shell's startup chunks, the locale's messages, and the route's remote: its manifest, entry,
 * the expose's first chunks and its texts in the page's language.
 */
export function createPreloadHints({
  distDirectory,
  remoteOrigins,
  remoteAssets,
}: {
  distDirectory: string;
  /** What the Content-Security-Policy lets the page load remotes from. */
  remoteOrigins: string[];
  remoteAssets: (manifestUrl: string) => Promise<RemoteStartupAssets | undefined>;
}) {
  const allowedOrigins = new Set(remoteOrigins);
  return async function preloadTagsFor(pathname: string, remotes: Record<string, string>): Promise<string> {
    const target = preloadTargetOf(pathname);
    if (!target) return '';
    const shell = readStartupAssets(distDirectory);
    // The small JSON first: over HTTP/1.1 the browser opens six connections to the shell, and the
    // bootstrap waits for it before it renders; queued behind the large chunks it came last.
    const links: PreloadLink[] = [
      { href: `/_i18n/${target.locale}/messages.json`, as: 'fetch', crossOrigin: true },
      ...(shell?.styles ?? []).map((href): PreloadLink => ({ href, as: 'style' })),
      ...(shell?.scripts ?? []).map((href): PreloadLink => ({ href, as: 'script' })),
    ];
    const manifestUrl = remotes[`mfe_${target.area}`];
    if (manifestUrl) {
      links.push({ href: manifestUrl, as: 'fetch', crossOrigin: true });
      const remote = await remoteAssets(manifestUrl);
      // Only what the Content-Security-Policy lets the page load.
      const isAllowed = (href: string) => allowedOrigins.has(new URL(href).origin);
      links.push(
        ...(remote?.styles ?? []).filter(isAllowed).map((href): PreloadLink => ({ href, as: 'style' })),
        ...[...(remote?.scripts ?? []), remote?.messages[target.locale]]
          .filter((href): href is string => href !== undefined && isAllowed(href))
          .map((href): PreloadLink => ({ href, as: 'script' })),
      );
    }
    return renderPreloadLinks(links);
  };
}

/** Puts the tags at the end of the page's `<head>`. */
export function withPreloadTags(html: string, tags: string): string {
  if (!tags) return html;
  // A function, so that `$` in a tag is never read as a replacement pattern.
  return html.replace('</head>', () => `${tags}</head>`);
}
