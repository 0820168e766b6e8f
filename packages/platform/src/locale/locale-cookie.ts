import Cookies from 'js-cookie';
import { isLocale, type Locale } from './locale';

/** Records the visitor's language choice (product-spec §3, §9). */
const localeCookieName = 'i18n_redirected';
const localeCookieDays = 365;

export function readLocaleCookie(): Locale | undefined {
  const value = Cookies.get(localeCookieName);
  return isLocale(value) ? value : undefined;
}

export function writeLocaleCookie(locale: Locale): void {
  Cookies.set(localeCookieName, locale, { expires: localeCookieDays, sameSite: 'Lax', path: '/' });
}
