import type { PageTarget } from '../area/area-module';
import type { Area } from '../routes/route-table';

type Preloader = (area: Area, page: string, target: PageTarget) => void;

let preloader: Preloader | undefined;

/** The shell installs how an area's code, the page's own and the page's data are fetched ahead of a navigation. */
export function setAreaPreloader(next: Preloader | undefined): void {
  preloader = next;
}

export function preloadArea(area: Area, page: string, target: PageTarget): void {
  preloader?.(area, page, target);
}
