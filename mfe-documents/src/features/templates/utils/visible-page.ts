/** The page most in view inside the scrolling frame, and the centre of its part in view as shares of the page. */
export type VisiblePage = { page: number; centreX: number; centreY: number };

/**
 * Finds, among the frame's pages (`[data-page-index]`), the one with the most of its height in view.
 * Null when none is laid out (nothing measured yet).
 */
export function findVisiblePage(frame: HTMLElement): VisiblePage | null {
  const view = frame.getBoundingClientRect();
  let found: VisiblePage | null = null;
  let mostInView = 0;
  for (const element of frame.querySelectorAll<HTMLElement>('[data-page-index]')) {
    const page = element.getBoundingClientRect();
    if (page.width === 0 || page.height === 0) continue;
    const top = Math.max(page.top, view.top);
    const bottom = Math.min(page.bottom, view.bottom);
    if (bottom - top <= mostInView) continue;
    const left = Math.max(page.left, view.left);
    const right = Math.min(page.right, view.right);
    mostInView = bottom - top;
    found = {
      page: Number(element.dataset.pageIndex),
      // A page scrolled sideways out of view still gets its field in its middle.
      centreX: right > left ? ((left + right) / 2 - page.left) / page.width : 0.5,
      centreY: ((top + bottom) / 2 - page.top) / page.height,
    };
  }
  return found;
}
