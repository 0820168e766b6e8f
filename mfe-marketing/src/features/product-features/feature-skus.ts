/**
 * The product's features that have a page of their own (/funktionen/{sku}, /en/features/{sku}), in
 * the order the overview lists them. Each has its title and description under `feature.skus.<sku>`;
 * any other sku is a page that does not exist.
 */
export const featureSkus = ['forms', 'workflows', 'documents', 'signatures'] as const;

export type FeatureSku = (typeof featureSkus)[number];

export function isFeatureSku(value: unknown): value is FeatureSku {
  return typeof value === 'string' && (featureSkus as readonly string[]).includes(value);
}
