import { areParamsValid, matchLocalizedRoute } from '@formwerk/platform/routes';

export type PageStatus = { status: 200 } | { status: 404; message: string };

/** The HTTP status of a page request, decided with the same route table and rules as the browser. */
export function findPageStatus(pathname: string, search: string): PageStatus {
  const match = matchLocalizedRoute(pathname);
  if (!match) return { status: 404, message: `Page not found: ${pathname}${search}` };
  if (!areParamsValid(match.params)) return { status: 404, message: `Page Not Found: ${pathname}` };
  return { status: 200 };
}
