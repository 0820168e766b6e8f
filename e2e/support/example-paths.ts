import { type LocalizedRoute, localizedRoutes } from '@formwerk/platform/routes';

const exampleParams: Record<string, string> = { id: 'abc123', screen_id: 'start', sku: 'workflows', pricingId: 'pro' };

export function examplePath(route: LocalizedRoute): string {
  return route.pattern.replace(/:([A-Za-z_]+)/g, (_match, name: string) => exampleParams[name] ?? name);
}

export { localizedRoutes };
