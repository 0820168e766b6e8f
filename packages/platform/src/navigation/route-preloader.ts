import type { Area } from '../routes/route-table';

type Preloader = (area: Area) => void;

let preloader: Preloader | undefined;

/** The shell installs how an area's code is fetched ahead of a navigation. */
export function setAreaPreloader(next: Preloader | undefined): void {
  preloader = next;
}

export function preloadArea(area: Area): void {
  preloader?.(area);
}
