// Icons come from our own icon-data endpoint, never from the internet (product-spec §7, §9):
// one request per prefix with a comma-separated `icons` query, split so that no URL is longer than
// 500 characters, each request given up after 5000 ms, a slow host joined by the next one after
// 750 ms, and icons the server does not know left out without an error.

export type IconData = { body: string; width: number; height: number };

type IconSetResponse = {
  prefix: string;
  icons?: Record<string, { body: string; width?: number; height?: number }>;
  width?: number;
  height?: number;
};

export const maxIconUrlLength = 500;
export const iconRequestTimeoutMs = 5000;
export const iconHostRotationMs = 750;

const loaded = new Map<string, IconData | null>();
const pending = new Map<string, Promise<void>>();
let hosts: readonly string[] = [''];

/** Where icon data is asked for, in order of preference; '' is the page's own origin. */
export function configureIconHosts(next: readonly string[]): void {
  hosts = next.length > 0 ? next : [''];
}

export function getLoadedIcon(name: string): IconData | undefined {
  return loaded.get(name) ?? undefined;
}

function toIconPath(prefix: string, names: readonly string[]): string {
  return `/_icons/${prefix}.json?icons=${names.join(',')}`;
}

/** Splits the names of one prefix into request paths that keep every URL within the limit. */
export function splitIconRequests(prefix: string, names: readonly string[], hostLength = 0): string[] {
  const batches: string[][] = [];
  let batch: string[] = [];
  for (const name of names) {
    if (batch.length > 0 && hostLength + toIconPath(prefix, [...batch, name]).length > maxIconUrlLength) {
      batches.push(batch);
      batch = [];
    }
    batch.push(name);
  }
  if (batch.length > 0) batches.push(batch);
  return batches.map((group) => toIconPath(prefix, group));
}

async function fetchFromHost(host: string, path: string, signal: AbortSignal): Promise<IconSetResponse> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new Error('Icon data timed out')), iconRequestTimeoutMs);
  try {
    const response = await fetch(`${host}${path}`, { signal: AbortSignal.any([signal, timeout.signal]) });
    if (!response.ok) throw new Error(`Icon data answered ${response.status}`);
    return (await response.json()) as IconSetResponse;
  } finally {
    clearTimeout(timer);
  }
}

/** Asks the first host; each further host joins when none has answered for 750 ms. First answer wins. */
async function fetchWithRotation(path: string): Promise<IconSetResponse | undefined> {
  const controller = new AbortController();
  const attempts = hosts.map(
    (host, index) =>
      new Promise<IconSetResponse>((resolve, reject) => {
        const start = () => fetchFromHost(host, path, controller.signal).then(resolve, reject);
        if (index === 0) start();
        else
          setTimeout(
            () => (controller.signal.aborted ? reject(new Error('answered')) : start()),
            index * iconHostRotationMs,
          );
      }),
  );
  try {
    return await Promise.any(attempts);
  } catch {
    return undefined;
  } finally {
    controller.abort();
  }
}

function store(response: IconSetResponse | undefined, prefix: string, names: readonly string[]): void {
  for (const name of names) {
    const icon = response?.icons?.[name];
    if (icon) {
      loaded.set(`${prefix}:${name}`, {
        body: icon.body,
        width: icon.width ?? response?.width ?? 16,
        height: icon.height ?? response?.height ?? 16,
      });
    } else if (response) {
      loaded.set(`${prefix}:${name}`, null); // missing on the server: never asked again
    }
  }
}

/** Loads the icons `prefix:name` that are not loaded yet; resolves when done, never rejects. */
export async function loadIcons(names: readonly string[]): Promise<void> {
  const waiting: Promise<void>[] = [];
  const byPrefix = new Map<string, string[]>();
  for (const fullName of new Set(names)) {
    const inFlight = pending.get(fullName);
    if (inFlight) waiting.push(inFlight);
    if (loaded.has(fullName) || inFlight) continue;
    const [prefix, name] = fullName.split(':');
    if (!prefix || !name) continue;
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), name]);
  }
  const hostLength = Math.max(...hosts.map((host) => host.length));
  for (const [prefix, prefixNames] of byPrefix) {
    for (const path of splitIconRequests(prefix, prefixNames, hostLength)) {
      const batchNames = new URL(path, 'http://x').searchParams.get('icons')?.split(',') ?? [];
      const request = fetchWithRotation(path).then((response) => store(response, prefix, batchNames));
      for (const name of batchNames) {
        const key = `${prefix}:${name}`;
        pending.set(key, request);
        request.finally(() => pending.delete(key));
      }
      waiting.push(request);
    }
  }
  await Promise.all(waiting);
}

let queuedNames = new Set<string>();
let queuedFlush: Promise<void> | undefined;

/** Loads one icon together with every other icon asked for in the same turn (one request per prefix). */
export function loadIcon(name: string): Promise<void> {
  queuedNames.add(name);
  queuedFlush ??= Promise.resolve().then(() => {
    const names = [...queuedNames];
    queuedNames = new Set();
    queuedFlush = undefined;
    return loadIcons(names);
  });
  return queuedFlush;
}
