import { locales } from '../locale/locale';
import type { Area } from '../routes/route-table';
import { routeTable } from '../routes/route-table';
import type { AreaModule } from './area-module';

function collectKeys(messages: unknown, prefix = ''): string[] {
  if (typeof messages !== 'object' || messages === null) return [prefix];
  return Object.entries(messages).flatMap(([key, value]) => collectKeys(value, prefix ? `${prefix}.${key}` : key));
}

/**
 * What keeps a remote from serving its routes: a page the route table assigns to it that it lacks,
 * or a message key present in one language only. An empty list means the remote is complete.
 */
export async function findAreaModuleProblems(area: Area, module: AreaModule): Promise<string[]> {
  const missingPages = routeTable
    .filter((route) => route.area === area && !module.pages[route.page])
    .map((route) => `page "${route.page}" of route ${route.name} is missing`);
  const messages = await Promise.all(locales.map((locale) => module.messages[locale]()));
  const keySets = messages.map((inLocale) => new Set(collectKeys(inLocale)));
  const mismatchedKeys = locales.flatMap((locale, index) =>
    [...(keySets[index] ?? [])]
      .filter((key) => keySets.some((other) => !other.has(key)))
      .map((key) => `message "${key}" exists in ${locale} only`),
  );
  return [...missingPages, ...mismatchedKeys];
}

export { collectKeys as collectMessageKeys };
