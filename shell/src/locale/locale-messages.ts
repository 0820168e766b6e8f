import { i18n, type Locale, loadMessages } from '@formwerk/platform';

/** Makes `locale` the page language once its messages are there (after mount and on every navigation). */
export async function applyLocale(locale: Locale): Promise<void> {
  try {
    await loadMessages(locale);
  } finally {
    // Even without its messages the page is in this language: built-in texts cover the error page.
    if (i18n.language !== locale) await i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
  }
}
