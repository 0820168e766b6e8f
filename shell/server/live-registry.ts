import { type LiveRegistry, liveRegistrySchema } from '@formwerk/contracts';
import { type Area, areas } from '@formwerk/platform/routes';
import type express from 'express';
import type { Logger } from 'pino';

/**
 * Which release of each area a page load gets (docs/decisions/035). The api keeps the live registry
 * in the database (`GET /api/v1/registry`); this server reads it at most once a second, as page loads
 * ask, so `npm run promote` reaches every new page load within about a second, without a restart. An
 * area the registry has no release for, and every area while the api does not answer before anything
 * was read, runs what the shell was started with (`shell/config/registry.ts`).
 */

/** Federation remote name (`mfe_<area>`) → its mf-manifest.json URL: what the page registers. */
export type RemoteRegistry = Record<string, string>;

export type ReadLiveRegistry = () => Promise<LiveRegistry>;

// How old a read may be for a page load to use it as it is.
const maxAgeMs = 1_000;
// How long a page load waits for a read under way: past it, it goes with the last one.
const readWaitMs = 300;
const readTimeoutMs = 2_000;

/** GET /api/v1/registry of the api at `apiUrl`. */
export function readLiveRegistryFrom(apiUrl: string): ReadLiveRegistry {
  return async () => {
    const response = await fetch(`${apiUrl}/api/v1/registry`, { signal: AbortSignal.timeout(readTimeoutMs) });
    if (!response.ok) throw new Error(`The api answered ${response.status} for the registry`);
    return liveRegistrySchema.parse(await response.json());
  };
}

const remoteNameOf = (area: Area) => `mfe_${area}`;

export type LiveRegistryReader = {
  /**
   * The remotes for a page load: each area's live release, or its canary for a session whose bucket
   * (0–99) falls within the canary's share. No bucket: the live releases only (the server's own
   * pages: the public form page, the static marketing pages).
   */
  remotesFor(bucket?: number): Promise<RemoteRegistry>;
};

export function createLiveRegistry({
  fallback,
  allowedOrigins,
  readLive,
  logger,
  liveAreas = areas,
}: {
  fallback: RemoteRegistry;
  /** The origins the page's Content-Security-Policy lets it load remotes from: others are ignored. */
  allowedOrigins: ReadonlySet<string>;
  readLive: ReadLiveRegistry;
  logger: Logger;
  /** The areas whose live releases count (a shell hosting one area alone takes fewer, or none). */
  liveAreas?: readonly Area[];
}): LiveRegistryReader {
  let last: LiveRegistry | undefined;
  let readAt = 0;
  let reading: Promise<void> | undefined;
  let isFailing = false;

  const isAllowed = (manifestUrl: string, area: string): boolean => {
    if (allowedOrigins.has(new URL(manifestUrl).origin)) return true;
    logger.warn({ area, manifestUrl }, 'a live release on an origin the pages may not load from is ignored');
    return false;
  };

  function read(): Promise<void> {
    reading ??= readLive()
      .then(
        (registry) => {
          if (last?.revision !== registry.revision) logger.info({ revision: registry.revision }, 'the live registry');
          last = registry;
          isFailing = false;
        },
        (error: unknown) => {
          // Once per outage, not once per page.
          if (!isFailing) logger.warn({ err: error }, 'the live registry could not be read; the last one is used');
          isFailing = true;
        },
      )
      .finally(() => {
        readAt = Date.now();
        reading = undefined;
      });
    return reading;
  }

  async function current(): Promise<LiveRegistry | undefined> {
    if (Date.now() - readAt < maxAgeMs) return last;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, readWaitMs);
      timer.unref();
    });
    await Promise.race([read(), waited]);
    clearTimeout(timer);
    return last;
  }

  return {
    async remotesFor(bucket) {
      const remotes = { ...fallback };
      if (liveAreas.length === 0) return remotes;
      const live = await current();
      for (const area of liveAreas) {
        const entry = live?.areas[area];
        if (!entry) continue;
        const release =
          entry.canary && bucket !== undefined && bucket < entry.canary.percent ? entry.canary : entry.live;
        if (isAllowed(release.manifestUrl, area)) remotes[remoteNameOf(area)] = release.manifestUrl;
      }
      return remotes;
    },
  };
}

/** The cookie that keeps a browser session in one canary bucket: every page load of it gets the same releases. */
export const canaryBucketCookie = 'canary_bucket';
const bucketPattern = new RegExp(`(?:^|;\\s*)${canaryBucketCookie}=(\\d{1,2})(?:;|$)`);

/**
 * The session's canary bucket (0–99): the cookie's, or a new one drawn now and set for the session
 * (no expiry: a new browser session may land in another bucket).
 */
export function canaryBucketOf(request: express.Request, response: express.Response, isSecure: boolean): number {
  const cookie = bucketPattern.exec(request.get('cookie') ?? '')?.[1];
  if (cookie !== undefined) return Number(cookie);
  const bucket = Math.floor(Math.random() * 100);
  response.cookie(canaryBucketCookie, String(bucket), { httpOnly: true, sameSite: 'lax', secure: isSecure, path: '/' });
  return bucket;
}

/**
 * One instance per release of a server-side page's owner (the form page's template, the marketing
 * pages' cache), made when a page first needs it; the three used last are kept.
 */
export function perRelease<T>(create: (manifestUrl: string) => T): (manifestUrl: string) => T {
  const made = new Map<string, T>();
  return (manifestUrl) => {
    const existing = made.get(manifestUrl);
    made.delete(manifestUrl);
    const instance = existing ?? create(manifestUrl);
    made.set(manifestUrl, instance);
    for (const key of [...made.keys()].slice(0, -3)) made.delete(key);
    return instance;
  };
}
