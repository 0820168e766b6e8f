export const locales = ['de', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'de';

/** Formatting locales of product-spec §9. */
export const intlLocales: Record<Locale, string> = { de: 'de-AT', en: 'en-US' };

const routeNameSeparator = '___';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

export function toRouteName(baseName: string, locale: Locale): string {
  return `${baseName}${routeNameSeparator}${locale}`;
}

/** Splits `v1-forms___en` into its base name and locale; a name without a suffix is German. */
export function parseRouteName(name: string): { baseName: string; locale: Locale } {
  const index = name.lastIndexOf(routeNameSeparator);
  if (index === -1) return { baseName: name, locale: defaultLocale };
  const suffix = name.slice(index + routeNameSeparator.length);
  return { baseName: name.slice(0, index), locale: isLocale(suffix) ? suffix : defaultLocale };
}

/** The first browser language we support, or undefined when none is. */
export function detectBrowserLocale(languages: readonly string[]): Locale | undefined {
  for (const language of languages) {
    const primary = language.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return undefined;
}
