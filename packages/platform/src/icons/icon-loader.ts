// Icons come from our own icon-data endpoint (product-spec §7, §9): one request per prefix with a
// comma-separated `icons` query, split so that no URL is longer than 500 characters, each request given
// up after 5000 ms, the next host asked when one has not answered for 750 ms, and icons the server does
// not know left out without an error.

/** What it takes to draw an icon: its SVG content and the size of its view box. */
export type IconData = { body: string; width: number; height: number };

// The parts of Iconify JSON (https://iconify.design/docs/types/iconify-json.html) that we draw.
type IconifyIcon = { body?: unknown; width?: number; height?: number };
type IconifyAlias = IconifyIcon & { parent?: string; rotate?: number; hFlip?: boolean; vFlip?: boolean };
type IconSetResponse = {
  icons?: Record<string, IconifyIcon>;
  aliases?: Record<string, IconifyAlias>;
  width?: number;
  height?: number;
};

const maxUrlLength = 500;
const requestTimeoutMs = 5000;
const hostRotationMs = 750;
const iconifyDefaultSize = 16;
// The icon-data endpoint answers 400 to a whole request with one malformed name, so those are not asked for.
const validName = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Loaded icons by `prefix:name`; null for one the server does not have, so it is not asked for again. */
const loaded = new Map<string, IconData | null>();
const inFlight = new Map<string, Promise<void>>();
let hosts: readonly string[] = [''];

/** Where icon data is asked for, in order of preference; '' is the page's own origin. */
export function configureIconHosts(next: readonly string[]): void {
  hosts = next.length > 0 ? [...next] : [''];
}

/** The icon `prefix:name` if it has been loaded and exists. */
export function getLoadedIcon(name: string): IconData | undefined {
  return loaded.get(name) ?? undefined;
}

function toIconPath(prefix: string, names: readonly string[]): string {
  return `/_icons/${prefix}.json?icons=${names.join(',')}`;
}

/** Groups the names of one prefix so that every request URL, on the longest host, stays within the limit. */
function splitIntoRequests(prefix: string, names: readonly string[], hostLength: number): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  for (const name of names) {
    if (batch.length > 0 && hostLength + toIconPath(prefix, [...batch, name]).length > maxUrlLength) {
      batches.push(batch);
      batch = [];
    }
    batch.push(name);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

async function fetchFromHost(host: string, path: string, stop: AbortSignal): Promise<IconSetResponse> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new Error('Icon data timed out')), requestTimeoutMs);
  try {
    const response = await fetch(`${host}${path}`, { signal: AbortSignal.any([stop, timeout.signal]) });
    if (!response.ok) throw new Error(`Icon data answered ${response.status}`);
    return (await response.json()) as IconSetResponse;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Asks the hosts in turn: the next one when the last has not answered for 750 ms, or at once when it
 * failed. The first answer wins and ends the others; undefined when every host failed.
 */
function fetchWithRotation(path: string): Promise<IconSetResponse | undefined> {
  const candidates = hosts;
  const stop = new AbortController();
  let started = 0;
  let failed = 0;
  let rotation: ReturnType<typeof setTimeout> | undefined;

  return new Promise((resolve) => {
    const askNextHost = () => {
      clearTimeout(rotation);
      const host = candidates[started];
      if (host === undefined || stop.signal.aborted) return;
      started += 1;
      rotation = setTimeout(askNextHost, hostRotationMs);
      fetchFromHost(host, path, stop.signal).then(
        (answer) => {
          clearTimeout(rotation);
          stop.abort();
          resolve(answer);
        },
        () => {
          failed += 1;
          if (failed === candidates.length) resolve(undefined);
          else askNextHost();
        },
      );
    };
    askNextHost();
  });
}

/** An icon of the answer, following aliases (renames) to the icon they stand for. */
function findIcon(
  response: IconSetResponse,
  name: string,
  overrides: IconifyIcon = {},
  depth = 0,
): IconData | undefined {
  const icon = response.icons?.[name];
  if (icon && typeof icon.body === 'string') {
    return {
      body: icon.body,
      width: overrides.width ?? icon.width ?? response.width ?? iconifyDefaultSize,
      height: overrides.height ?? icon.height ?? response.height ?? iconifyDefaultSize,
    };
  }
  const alias = response.aliases?.[name];
  // Rotated or flipped aliases would need @iconify/utils' transforms, which the browser does not load;
  // our sets have none, and one that appears counts as missing rather than being drawn the wrong way.
  if (!alias?.parent || alias.rotate || alias.hFlip || alias.vFlip || depth > 3) return undefined;
  return findIcon(
    response,
    alias.parent,
    { width: overrides.width ?? alias.width, height: overrides.height ?? alias.height },
    depth + 1,
  );
}

function storeAnswer(response: IconSetResponse | undefined, prefix: string, names: readonly string[]): void {
  // Without an answer nothing is known: the icons are asked for again next time.
  if (!response) return;
  for (const name of names) loaded.set(`${prefix}:${name}`, findIcon(response, name) ?? null);
}

/** Loads the icons `prefix:name` that are not loaded yet; resolves when done and never rejects. */
export async function loadIcons(names: readonly string[]): Promise<void> {
  const waiting = new Set<Promise<void>>();
  const missingByPrefix = new Map<string, string[]>();
  for (const fullName of new Set(names)) {
    const request = inFlight.get(fullName);
    if (request) waiting.add(request);
    if (request || loaded.has(fullName)) continue;
    const [prefix = '', name = '', ...rest] = fullName.split(':');
    if (!validName.test(prefix) || !validName.test(name) || rest.length > 0) continue;
    missingByPrefix.set(prefix, [...(missingByPrefix.get(prefix) ?? []), name]);
  }

  const hostLength = Math.max(...hosts.map((host) => host.length));
  for (const [prefix, prefixNames] of missingByPrefix) {
    for (const batch of splitIntoRequests(prefix, prefixNames, hostLength)) {
      const fullNames = batch.map((name) => `${prefix}:${name}`);
      const request = fetchWithRotation(toIconPath(prefix, batch)).then((response) => {
        storeAnswer(response, prefix, batch);
        for (const fullName of fullNames) inFlight.delete(fullName);
      });
      for (const fullName of fullNames) inFlight.set(fullName, request);
      waiting.add(request);
    }
  }
  await Promise.all(waiting);
}

let queuedNames = new Set<string>();
let queuedLoad: Promise<void> | undefined;

/** Loads one icon together with every other icon asked for in the same turn, so they share requests. */
export function loadIcon(name: string): Promise<void> {
  queuedNames.add(name);
  queuedLoad ??= Promise.resolve().then(() => {
    const names = [...queuedNames];
    queuedNames = new Set();
    queuedLoad = undefined;
    return loadIcons(names);
  });
  return queuedLoad;
}
