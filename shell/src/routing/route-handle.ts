import type { Layout, Locale, LocalizedRoute } from '@formwerk/platform';

/**
 * What every route of the shell's router carries in `handle`: read by the layouts and the language
 * switcher. A module of its own, so they need not import the router that imports them.
 */
export type RouteHandle = { name: string; area?: LocalizedRoute['area']; layout?: Layout; locale: Locale };
