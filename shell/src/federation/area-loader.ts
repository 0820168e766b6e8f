import { type Area, type AreaModule, addNamespace } from '@formwerk/platform';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { reRegisterRemote } from './registry';

const maxConcurrentPreloads = 4;

const loadedAreas = new Map<Area, AreaModule>();
const loadingAreas = new Map<Area, Promise<AreaModule>>();

export const remoteName = (area: Area) => `mfe_${area}`;

export function getLoadedArea(area: Area): AreaModule | undefined {
  return loadedAreas.get(area);
}

/** Loads a remote's `./routes` once; a failed load is forgotten so that the next call tries again. */
export function loadArea(area: Area): Promise<AreaModule> {
  const loaded = loadedAreas.get(area);
  if (loaded) return Promise.resolve(loaded);
  const loading = loadingAreas.get(area);
  if (loading) return loading;
  const promise = loadRemote<{ default: AreaModule }>(`${remoteName(area)}/routes`)
    .then((exports) => {
      if (!exports) throw new Error(`${remoteName(area)} exposes no routes`);
      addNamespace(exports.default.namespace, exports.default.messages);
      loadedAreas.set(area, exports.default);
      return exports.default;
    })
    .finally(() => loadingAreas.delete(area));
  loadingAreas.set(area, promise);
  return promise;
}

export function retryArea(area: Area): Promise<AreaModule> {
  reRegisterRemote(remoteName(area));
  return loadArea(area);
}

const preloadQueue: Area[] = [];
let activePreloads = 0;

function drainPreloadQueue(): void {
  while (activePreloads < maxConcurrentPreloads && preloadQueue.length > 0) {
    const area = preloadQueue.shift() as Area;
    activePreloads += 1;
    loadArea(area)
      .catch(() => undefined) // the navigation itself shows the area's fallback
      .finally(() => {
        activePreloads -= 1;
        drainPreloadQueue();
      });
  }
}

/** Fetches an area's code ahead of a navigation (link hover or focus), at most four at once. */
export function preloadArea(area: Area): void {
  if (loadedAreas.has(area) || loadingAreas.has(area) || preloadQueue.includes(area)) return;
  preloadQueue.push(area);
  drainPreloadQueue();
}
