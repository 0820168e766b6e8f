import { generatePath, matchPath } from 'react-router';
import { defaultLocale, type Locale, locales, toRouteName } from '../locale/locale';
import { type RouteDefinition, routeTable } from './route-table';

export type LocalizedRoute = RouteDefinition & {
  /** Name with the locale suffix, e.g. `v1-forms___en`. */
  localizedName: string;
  baseName: string;
  locale: Locale;
  pattern: string;
};

export type RouteParams = Record<string, string>;

/** What every route parameter must look like; anything else is a fatal 404 (product-spec §5). */
const paramRules: Record<string, RegExp> = {
  id: /^[A-Za-z0-9_-]{1,64}$/,
  screen_id: /^[A-Za-z0-9_-]{1,64}$/,
  sku: /^[a-z0-9-]{1,64}$/,
  pricingId: /^[A-Za-z0-9_-]{1,64}$/,
};

function localePrefix(locale: Locale): string {
  return locale === defaultLocale ? '' : `/${locale}`;
}

function toPattern(route: RouteDefinition, locale: Locale): string {
  const path = typeof route.path === 'string' ? route.path : route.path[locale];
  const prefixed = `${localePrefix(locale)}${path}`;
  return prefixed.length > 1 && prefixed.endsWith('/') ? prefixed.slice(0, -1) : prefixed;
}

export const localizedRoutes: readonly LocalizedRoute[] = locales.flatMap((locale) =>
  routeTable.map((route) => ({
    ...route,
    baseName: route.name,
    localizedName: toRouteName(route.name, locale),
    locale,
    pattern: toPattern(route, locale),
  })),
);

const routesByName = new Map(localizedRoutes.map((route) => [route.localizedName, route]));

export function findRoute(baseName: string, locale: Locale): LocalizedRoute {
  const route = routesByName.get(toRouteName(baseName, locale));
  if (!route) throw new Error(`Unknown route: ${baseName}`);
  return route;
}

/** The path of a named route in a locale, e.g. `localePath('v1-forms-id', 'en', { id })` → `/en/v1/forms/42`. */
export function localePath(baseName: string, locale: Locale, params: RouteParams = {}): string {
  return generatePath(findRoute(baseName, locale).pattern, params);
}

export function areParamsValid(params: Partial<RouteParams>): boolean {
  return Object.entries(params).every(([key, value]) => {
    const rule = paramRules[key];
    return value === undefined || !rule || rule.test(value);
  });
}

export type RouteMatch = { route: LocalizedRoute; params: RouteParams };

/** The route a pathname resolves to, preferring static segments the way React Router ranks them. */
export function matchLocalizedRoute(pathname: string): RouteMatch | undefined {
  let best: { match: RouteMatch; score: number } | undefined;
  for (const route of localizedRoutes) {
    const match = matchPath({ path: route.pattern, end: true }, pathname);
    if (!match) continue;
    const score = route.pattern.split('/').reduce((sum, segment) => sum + (segment.startsWith(':') ? 2 : 3), 0);
    if (!best || score > best.score) {
      best = { match: { route, params: match.params as RouteParams }, score };
    }
  }
  return best?.match;
}

/** The locale a pathname belongs to, from its prefix. */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : defaultLocale;
}
