import { fetchRegistry, hasRegistryChanged } from '../federation/registry';

declare const __BUILD_ID__: string;

export const currentBuildId = __BUILD_ID__;
const reloadGuardMs = 10_000;
const lastReloadKey = 'formwerk:last-reload';

let isUpdatePending = false;

/** Whether a newer shell build or a changed registry was seen since this page loaded. */
export function isUpdateAvailable(): boolean {
  return isUpdatePending;
}

async function checkForUpdate(): Promise<void> {
  const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
  if (response.ok) {
    const { id } = (await response.json()) as { id: string };
    if (id !== currentBuildId) isUpdatePending = true;
  }
  if (hasRegistryChanged(await fetchRegistry())) isUpdatePending = true;
}

export function readBuildCheckInterval(): number {
  const content = document.querySelector('meta[name="build-check-interval"]')?.getAttribute('content');
  const interval = Number(content);
  return Number.isFinite(interval) && interval >= 1000 ? interval : 60_000;
}

/** Polls `builds/latest.json` (and the registry) with a timestamp query (product-spec §4 and §7). */
export function watchForUpdates(intervalMs = readBuildCheckInterval()): () => void {
  const timer = window.setInterval(() => {
    if (!isUpdatePending) checkForUpdate().catch(() => undefined);
  }, intervalMs);
  return () => window.clearInterval(timer);
}

/**
 * Loads `target` as a full page, unless that happened less than 10 s ago: a guard against reload loops.
 * Returns whether the page is being reloaded.
 */
export function reloadAt(target: string): boolean {
  const lastReload = Number(sessionStorage.getItem(lastReloadKey) ?? 0);
  if (Date.now() - lastReload < reloadGuardMs) return false;
  sessionStorage.setItem(lastReloadKey, String(Date.now()));
  window.location.assign(target);
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk .* failed/i.test(error.message))
  );
}
