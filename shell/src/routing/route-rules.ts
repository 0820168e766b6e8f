export type RouteRule = { redirect?: string };

const cache = new Map<string, Promise<RouteRule>>();

/** The server's rules for a path (shell/config/route-rules.json), asked once per path. */
export function fetchRouteRule(pathname: string): Promise<RouteRule> {
  let rule = cache.get(pathname);
  if (!rule) {
    rule = fetch(`/_route-rules?path=${encodeURIComponent(pathname)}`)
      .then((response) => (response.ok ? (response.json() as Promise<RouteRule>) : {}))
      .catch(() => ({}));
    cache.set(pathname, rule);
  }
  return rule;
}

export function isAbsoluteUrl(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(target);
}
