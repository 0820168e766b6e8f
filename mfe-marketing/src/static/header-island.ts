import { compactMedia } from '@formwerk/ui';

// What the app's React does on these elements (packages/ui's ResponsiveHeader and useDisclosure, the
// shell's LanguageSwitcher), done here for a static page, on the same markup and class names.

const focusable = 'a[href], button:not([disabled]), select, input, textarea';
// The app's language cookie (packages/platform's locale-cookie.ts), for 365 days.
const localeCookie = 'i18n_redirected';
const localeCookieSeconds = 365 * 24 * 60 * 60;

/**
 * The header's phone menu as a disclosure: the button opens and closes its panel and says so
 * (aria-expanded, which also picks its icon); opening moves focus to the first entry; Escape closes
 * it and gives focus back to the button; a press outside both, or growing past the phone width,
 * closes it.
 */
export function connectHeaderMenu(page: Window) {
  const { document } = page;
  const button = document.querySelector<HTMLButtonElement>('.ui-header__menu-button');
  const panel = document.getElementById(button?.getAttribute('aria-controls') ?? '');
  if (!button || !panel) return;
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    panel.toggleAttribute('data-open', open);
    if (open) panel.querySelector<HTMLElement>(focusable)?.focus();
  };
  button.addEventListener('click', () => setOpen(!isOpen()));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    setOpen(false);
    button.focus();
  });
  document.addEventListener('pointerdown', (event) => {
    const target = event.target as Node;
    if (isOpen() && !button.contains(target) && !panel.contains(target)) setOpen(false);
  });
  page.matchMedia(compactMedia).addEventListener('change', (query) => {
    if (!query.matches && isOpen()) setOpen(false);
  });
}

/**
 * The language switcher leads to the same page with the same query in the other language, and
 * records the choice, so that `/` no longer sends this browser to the language it prefers.
 */
export function connectLanguageSwitcher(page: Window) {
  const { document, location } = page;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a.language-switcher[hreflang]')) {
    link.setAttribute('href', `${link.pathname}${location.search}`);
    link.addEventListener('click', () => {
      document.cookie = `${localeCookie}=${link.hreflang}; max-age=${localeCookieSeconds}; path=/; samesite=lax`;
    });
  }
}
