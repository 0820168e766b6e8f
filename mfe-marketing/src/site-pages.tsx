import type { RouteParams } from '@formwerk/platform';
import { TitledPage } from '@formwerk/ui';
import type { ComponentType } from 'react';
import { ContactPage } from './features/contact/components/contact-page';
import { HomePage } from './features/home/components/home-page';
import { LegalPage, type LegalPageKey, legalDocuments } from './features/legal/components/legal-page';
import { PlanComparisonPage } from './features/pricing/components/plan-comparison-page';
import { PricingPage } from './features/pricing/components/pricing-page';
import { FeaturePage } from './features/product-features/components/feature-page';
import { FeaturesPage } from './features/product-features/components/features-page';
import { featureSkus } from './features/product-features/feature-skus';

export const namespace = 'marketing';

/** A page of the public site, as the shell mounts it and as the build pre-renders it for guests. */
export type SitePage = {
  component: ComponentType;
  /** The route parameters it is pre-rendered for, a static page each; a page without parameters has one. */
  staticParams?: readonly RouteParams[];
  /** The message keys of its <title> and description, where they are not `pages.<page key>.*`. */
  textKeysOf?: (params: RouteParams) => { title: string; description: string };
  /** Scripts its static page loads beside the island (the app's page loads none of them). */
  scripts?: readonly string[];
};

// Pages whose content is still to be written: they show their title and what they are for.
const titledPages = ['assets'];

/**
 * The public site's pages by the page key of the route table. The same components are the SPA's pages
 * (exposes/routes.tsx) and the static pages a guest is sent first (static/render-static-pages.tsx),
 * so the two cannot drift apart: a page's content is its component here and its texts in
 * locales/{de,en}/marketing.json (or its feature's own, see messages.ts).
 */
export const sitePages: Record<string, SitePage> = {
  ...Object.fromEntries(
    titledPages.map((pageKey) => [
      pageKey,
      { component: () => <TitledPage namespace={namespace} pageKey={pageKey} /> },
    ]),
  ),
  ...Object.fromEntries(
    (Object.keys(legalDocuments) as LegalPageKey[]).map((pageKey) => [
      pageKey,
      { component: () => <LegalPage pageKey={pageKey} /> },
    ]),
  ),
  // The script customers paste beside an embedded form: it gives the form's frame the form's height.
  contact: { component: ContactPage, scripts: ['/embed.js'] },
  home: { component: HomePage },
  features: { component: FeaturesPage },
  pricing: { component: PricingPage },
  'pricing-alternate': { component: PlanComparisonPage },
  feature: {
    component: FeaturePage,
    staticParams: featureSkus.map((sku) => ({ sku })),
    textKeysOf: ({ sku }) => ({ title: `feature.skus.${sku}.title`, description: `feature.skus.${sku}.description` }),
  },
};
