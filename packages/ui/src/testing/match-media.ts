/**
 * jsdom lays nothing out and has no `matchMedia`: tests of components that ask for a media query
 * (the header's menu, the sheets of a phone layout) answer every query with `matches`, unchanging.
 */
export function answerMediaQueries(matches: boolean) {
  window.matchMedia = (query: string) =>
    ({
      matches,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList;
}
