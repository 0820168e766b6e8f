import type { Area } from '../routes/route-table';

type Preloader = (area: Area, page: string) => void;

let preloader: Preloader | undefined;

/** The shell installs how an area's code, and the page's own, is fetched ahead of a navigation. */
export function setAreaPreloader(next: Preloader | undefined): void {
  preloader = next;
}

export function preloadArea(area: Area, page: string): void {
  preloader?.(area, page);
}
