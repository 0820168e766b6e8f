import { localizedRoutes } from '@formwerk/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { featureSkus } from '../features/product-features/feature-skus';
import { renderStaticPages, type StaticPageFile } from './render-static-pages';

const siteOrigin = 'https://formwerk.example';
const css = '.site{color:#1c2033}';
let pages: StaticPageFile[];

beforeAll(async () => {
  pages = await renderStaticPages({ siteOrigin, islandSrc: '/pages/assets/island.0123456789.js', css });
});

/** The page the site answers at `path`, parsed as a browser would. */
function open(path: string): Document {
  const page = pages.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`No static page for ${path}`);
  expect(page.html.startsWith('<!doctype html><html')).toBe(true);
  return new DOMParser().parseFromString(page.html, 'text/html');
}

const linkOf = (document: Document, selector: string) => document.querySelector(selector)?.getAttribute('href');

describe('the static marketing pages', () => {
  it('are every marketing route in both languages, one per feature sku, but not the app-only test page', () => {
    const expected = localizedRoutes
      .filter((route) => route.area === 'marketing' && route.baseName !== 'test')
      .flatMap((route) =>
        route.baseName === 'features-sku'
          ? featureSkus.map((sku) => route.pattern.replace(':sku', sku))
          : [route.pattern],
      );
    expect(pages.map((page) => page.path).sort()).toEqual(expected.sort());
    expect(new Set(pages.map((page) => page.file)).size).toBe(pages.length);
    expect(pages.find((page) => page.path === '/en/pricing')?.file).toBe('en/pricing.html');
    expect(pages.find((page) => page.path === '/funktionen/workflows')?.file).toBe('de/features-sku/workflows.html');
  });

  it('each have their language, title, description, canonical link and alternates in both languages', () => {
    for (const { path } of pages) {
      const document = open(path);
      const locale = path === '/en' || path.startsWith('/en/') ? 'en' : 'de';
      expect(document.documentElement.lang, path).toBe(locale);
      expect(document.title, path).toMatch(/ · Formwerk$/);
      expect(document.querySelector('meta[name="description"]')?.getAttribute('content'), path).not.toBe('');
      expect(linkOf(document, 'link[rel="canonical"]'), path).toBe(`${siteOrigin}${path}`);
      const alternates = Object.fromEntries(
        [...document.querySelectorAll('link[rel="alternate"]')].map((link) => [
          link.getAttribute('hreflang'),
          link.getAttribute('href'),
        ]),
      );
      expect(Object.keys(alternates).sort(), path).toEqual(['de', 'en', 'x-default']);
      expect(alternates[locale], path).toBe(`${siteOrigin}${path}`);
      expect(alternates['x-default'], path).toBe(alternates.de);
    }
    const pricing = open('/en/pricing');
    expect(pricing.title).toBe('Pricing · Formwerk');
    expect(linkOf(pricing, 'link[rel="alternate"][hreflang="de"]')).toBe(`${siteOrigin}/preis`);
    const feature = open('/funktionen/signatures');
    expect(feature.title).toBe('Elektronische Unterschriften · Formwerk');
    expect(linkOf(feature, 'link[rel="alternate"][hreflang="en"]')).toBe(`${siteOrigin}/en/features/signatures`);
  });

  it('show the area’s page in the public site’s frame, with the page’s section marked', () => {
    const home = open('/');
    expect(home.querySelector('[data-area="marketing"] h1')?.textContent).toBe('Formulare, die einfach funktionieren');
    expect(home.querySelector('a.skip-link')?.getAttribute('href')).toBe('#content');
    expect(home.querySelector('main#content')).not.toBeNull();
    const navigation = home.querySelector('nav[aria-label="Hauptnavigation"]');
    expect([...(navigation?.querySelectorAll('a') ?? [])].map((link) => link.getAttribute('href'))).toEqual([
      '/funktionen',
      '/preis',
      '/kontakt',
    ]);
    const legal = home.querySelector('footer nav[aria-label="Rechtliches"]');
    expect([...(legal?.querySelectorAll('a') ?? [])].map((link) => link.textContent)).toEqual([
      'Impressum',
      'Datenschutz',
      'AGB',
      'Kontakt',
    ]);

    const pricing = open('/en/pricing');
    expect(pricing.querySelector('[data-area="marketing"] h1')?.textContent).toBe('Pricing');
    expect(pricing.querySelector('a[aria-current="page"]')?.getAttribute('href')).toBe('/en/pricing');
    expect(open('/en/features/forms').querySelector('a[aria-current="page"]')?.getAttribute('href')).toBe(
      '/en/features',
    );
  });

  it('sign in through the app’s login dialog and switch to the same page in the other language', () => {
    const contact = open('/kontakt');
    expect(linkOf(contact, '.ui-header__persistent a')).toBe('/?login=true');
    expect(contact.querySelector('.ui-header__persistent a')?.textContent).toBe('Anmelden');
    const switcher = contact.querySelector('a.language-switcher');
    expect(switcher?.getAttribute('href')).toBe('/en/contact');
    expect(switcher?.getAttribute('hreflang')).toBe('en');
    expect(switcher?.textContent).toBe('EN, Auf Englisch anzeigen');
    expect(linkOf(open('/en/general-terms-conditions'), 'a.language-switcher')).toBe('/agb');
    expect(linkOf(open('/en'), '.ui-header__persistent a')).toBe('/en?login=true');
  });

  it('give the legal pages their whole text and the contact page its embedded form, with the embed script', () => {
    const dataProtection = open('/en/data-protection');
    expect(dataProtection.title).toBe('Data protection · Formwerk');
    const contents = dataProtection.querySelector('nav[aria-labelledby="legal-contents"]');
    expect(contents?.querySelectorAll('a').length).toBe(dataProtection.querySelectorAll('section h2[id]').length);
    expect(dataProtection.getElementById('cookies')?.textContent).toBe('Cookies');
    expect(open('/impressum').querySelector('main')?.textContent).toContain('Umsatzsteuer-Identifikationsnummer');
    expect(open('/agb').querySelector('main')?.textContent).toContain('§ 9 Haftung');

    const contact = open('/en/contact');
    expect(contact.querySelector('iframe')?.getAttribute('src')).toMatch(/^\/en\/form\/[0-9a-f]{24}$/);
    expect([...contact.querySelectorAll('script')].map((script) => script.getAttribute('src'))).toEqual([
      '/pages/assets/island.0123456789.js',
      '/embed.js',
    ]);
  });

  it('inline their stylesheet and load the island as their one script', () => {
    const document = open('/preis');
    expect([...document.querySelectorAll('style')].map((style) => style.textContent)).toEqual([css]);
    expect(document.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
    expect([...document.querySelectorAll('script')].map((script) => script.getAttribute('src'))).toEqual([
      '/pages/assets/island.0123456789.js',
    ]);
    expect(document.querySelector('script')?.hasAttribute('defer')).toBe(true);
  });
});
