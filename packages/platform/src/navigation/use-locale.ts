import { useMatches } from 'react-router';
import { defaultLocale, type Locale, parseRouteName } from '../locale/locale';

type RouteHandle = { name?: string };

/** The page language, taken from the suffix of the current route's name (product-spec §2). */
export function useLocale(): Locale {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const name = (matches[index]?.handle as RouteHandle | undefined)?.name;
    if (name) return parseRouteName(name).locale;
  }
  return defaultLocale;
}
