import {
  type Area,
  type AreaModule,
  defaultLocale,
  i18n,
  isLocale,
  type Locale,
  loadNamespace,
  type PageTarget,
  preloadPage,
  registerNamespace,
} from '@formwerk/platform';
import { isContractCompatible, platformContractVersion } from '@formwerk/platform/contract';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { reRegisterRemote } from './registry';

const maxConcurrentPreloads = 4;

const loadedAreas = new Map<Area, AreaModule>();
const loadingAreas = new Map<Area, Promise<AreaModule>>();

export const remoteName = (area: Area) => `mfe_${area}`;

/** A remote built against another major of the platform contract: the area shows its fallback. */
export class IncompatibleAreaError extends Error {
  constructor(area: Area, areaVersion: unknown) {
    super(
      `${remoteName(area)} was built against platform contract ${String(areaVersion)}, this shell has ${platformContractVersion}`,
    );
    this.name = 'IncompatibleAreaError';
  }
}

export function getLoadedArea(area: Area): AreaModule | undefined {
  return loadedAreas.get(area);
}

/**
 * Loads a remote's `./routes` once, and its texts in `locale` (the page's language; the current one
 * unless given). A failed load is forgotten so that the next call tries again.
 */
export async function loadArea(area: Area, locale: Locale = currentLocale()): Promise<AreaModule> {
  const module = loadedAreas.get(area) ?? (await loadAreaModule(area));
  await loadNamespace(module.namespace, locale);
  loadedAreas.set(area, module);
  return module;
}

function loadAreaModule(area: Area): Promise<AreaModule> {
  const loading = loadingAreas.get(area);
  if (loading) return loading;
  const promise = loadRemote<{ default: AreaModule }>(`${remoteName(area)}/routes`)
    .then((exports) => {
      if (!exports) throw new Error(`${remoteName(area)} exposes no routes`);
      const { contractVersion } = exports.default;
      // Mounting it could break in any of its pages, or worse, half-work: not at all, and said why.
      if (typeof contractVersion !== 'string' || !isContractCompatible(contractVersion)) {
        throw new IncompatibleAreaError(area, contractVersion);
      }
      registerNamespace(exports.default.namespace, exports.default.messages);
      return exports.default;
    })
    .finally(() => loadingAreas.delete(area));
  loadingAreas.set(area, promise);
  return promise;
}

const currentLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : defaultLocale);

export function retryArea(area: Area): Promise<AreaModule> {
  reRegisterRemote(remoteName(area));
  return loadArea(area);
}

const preloadQueue: Area[] = [];
// The page hovered last per area whose code is still coming: its own chunk and data follow the area's.
const pagesToPreload = new Map<Area, { page: string; target: PageTarget | undefined }>();
let activePreloads = 0;

/**
 * Asks for a page's chunk and, when the area says how (AreaModule.prefetch), its data. A failed preload
 * changes nothing: the navigation itself loads the page or shows the area's fallback.
 */
export function preloadPageOf(module: AreaModule, page: string, target?: PageTarget): void {
  preloadPage(module.pages[page]).catch(() => undefined);
  if (target) module.prefetch?.[page]?.(target);
}

function drainPreloadQueue(): void {
  while (activePreloads < maxConcurrentPreloads && preloadQueue.length > 0) {
    const area = preloadQueue.shift() as Area;
    activePreloads += 1;
    loadArea(area)
      .then((module) => {
        const hovered = pagesToPreload.get(area);
        pagesToPreload.delete(area);
        if (hovered) preloadPageOf(module, hovered.page, hovered.target);
      })
      .catch(() => undefined)
      .finally(() => {
        activePreloads -= 1;
        drainPreloadQueue();
      });
  }
}

/**
 * Fetches an area's code, the page's own and the page's data ahead of a navigation (link hover or
 * focus), at most four areas at once.
 */
export function preloadArea(area: Area, page?: string, target?: PageTarget): void {
  const loaded = loadedAreas.get(area);
  if (loaded) {
    if (page) preloadPageOf(loaded, page, target);
    return;
  }
  if (page) pagesToPreload.set(area, { page, target });
  if (loadingAreas.has(area) || preloadQueue.includes(area)) return;
  preloadQueue.push(area);
  drainPreloadQueue();
}
