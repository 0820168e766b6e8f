import { beforeAll, describe, expect, it } from 'vitest';
import { renderStaticPages, type StaticPageFile } from '../../../static/render-static-pages';

let pages: StaticPageFile[];

beforeAll(async () => {
  pages = await renderStaticPages({
    siteOrigin: 'https://formwerk.example',
    islandSrc: '/pages/assets/island.0123456789.js',
    css: '',
  });
});

// Guests get the home page as static HTML (decision 024), so the way into the demo must be in it,
// not added by a script (decision 033).
describe('the home page a guest is served', () => {
  it.each([
    ['/', 'Ohne Konto ausprobieren', '/demo'],
    ['/en', 'Try it without an account', '/en/demo'],
  ])('at %s, links to the demo in its language', (path, name, href) => {
    const page = pages.find((candidate) => candidate.path === path);
    const document = new DOMParser().parseFromString(page?.html ?? '', 'text/html');
    const link = [...document.querySelectorAll('main a')].find((anchor) => anchor.textContent === name);
    expect(link?.getAttribute('href')).toBe(href);
  });
});
