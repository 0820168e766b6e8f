import { answerMediaQueries } from '@formwerk/ui/testing';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectHeaderMenu, connectLanguageSwitcher } from './header-island';
import { renderStaticPages, type StaticPageFile } from './render-static-pages';

// The island on the markup the build really writes: the static contact page, laid out as on a phone.

let pages: StaticPageFile[];

beforeAll(async () => {
  answerMediaQueries(true);
  pages = await renderStaticPages({ siteOrigin: '', islandSrc: '/island.js', css: '' });
});

/** Shows the page at `url` in this window and connects the island to it. */
function openPage(url: string) {
  const { pathname } = new URL(url, 'http://localhost');
  const html = pages.find((page) => page.path === pathname)?.html ?? '';
  window.history.replaceState(null, '', url);
  document.documentElement.innerHTML = /<html[^>]*>([\s\S]*)<\/html>/.exec(html)?.[1] ?? '';
  connectHeaderMenu(window);
  connectLanguageSwitcher(window);
}

const menuButton = () => document.querySelector<HTMLButtonElement>('.ui-header__menu-button');
const menuPanel = () => document.getElementById(menuButton()?.getAttribute('aria-controls') ?? '');
const linkNamed = (text: string) =>
  [...document.querySelectorAll<HTMLAnchorElement>('a')].find((link) => link.textContent === text);

describe('the phone menu of a static page', () => {
  beforeEach(() => openPage('/kontakt'));

  it('opens and closes by its button, which says so, and moves focus to the first entry', () => {
    expect(menuButton()?.getAttribute('aria-expanded')).toBe('false');
    menuButton()?.click();
    expect(menuButton()?.getAttribute('aria-expanded')).toBe('true');
    expect(menuPanel()?.hasAttribute('data-open')).toBe(true);
    expect(document.activeElement).toBe(linkNamed('Funktionen'));
    menuButton()?.click();
    expect(menuButton()?.getAttribute('aria-expanded')).toBe('false');
    expect(menuPanel()?.hasAttribute('data-open')).toBe(false);
  });

  it('closes on Escape and gives focus back to its button', () => {
    menuButton()?.click();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(menuButton()?.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menuButton());
  });

  it('closes on a press outside it, not on one inside', () => {
    menuButton()?.click();
    linkNamed('Preise')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(menuButton()?.getAttribute('aria-expanded')).toBe('true');
    document.querySelector('h1')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(menuButton()?.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the language switcher of a static page', () => {
  it('keeps the query and records the choice', () => {
    openPage('/kontakt?topic=sales');
    const switcher = document.querySelector<HTMLAnchorElement>('a.language-switcher');
    expect(switcher?.getAttribute('href')).toBe('/en/contact?topic=sales');
    switcher?.addEventListener('click', (event) => event.preventDefault());
    switcher?.click();
    expect(document.cookie).toContain('i18n_redirected=en');
  });
});
