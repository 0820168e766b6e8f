import { data } from 'react-router';

export type RouteErrorData = { message: string; path: string; fatal: boolean };

/** Failed route parameter validation: fatal 404 "Page Not Found: {path}" (product-spec §5, §8). */
export function invalidRouteParams(pathname: string) {
  return data<RouteErrorData>(
    { message: `Page Not Found: ${pathname}`, path: pathname, fatal: true },
    { status: 404, statusText: 'Page Not Found' },
  );
}

/** No route matched: non-fatal 404 "Page not found: {fullPath}" (product-spec §8). */
export function routeNotFound(fullPath: string) {
  return data<RouteErrorData>(
    { message: `Page not found: ${fullPath}`, path: fullPath, fatal: false },
    { status: 404, statusText: 'Page Not Found' },
  );
}
