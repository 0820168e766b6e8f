import { type LocalizedRoute, localizedRoutes } from '@formwerk/platform/routes';

const exampleParams: Record<string, string> = { id: 'abc123', screen_id: 'start', sku: 'workflows', pricingId: 'pro' };

/** The route's path with example parameters, or the given ones (a real form's id). */
export function examplePath(route: LocalizedRoute, params: Record<string, string> = {}): string {
  return route.pattern.replace(/:([A-Za-z_]+)/g, (_match, name: string) => params[name] ?? exampleParams[name] ?? name);
}

export { type LocalizedRoute, localizedRoutes };
