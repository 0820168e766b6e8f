// The plans config without zod (`@formwerk/contracts/plans`): pages that only show plans, and the
// platform that words them, need no schema library for it. Their schemas are in billing.contract.ts.

/**
 * The plans, their prices and what each allows: the one place both the pricing pages and the api
 * read (issue 17). Prices are in euro cents, without VAT; a year costs ten months. `null` as a limit
 * means no limit. Single sign-on is on every plan: the peers' paywall for it is the top complaint in
 * their trackers.
 */
export const planIds = ['free', 'basic', 'pro', 'business'] as const;
export type PlanId = (typeof planIds)[number];

export const billingIntervals = ['month', 'year'] as const;
export type BillingInterval = (typeof billingIntervals)[number];

const megabyte = 1024 * 1024;
const gigabyte = 1024 * megabyte;

export type PlanLimits = {
  /** Forms a team keeps (archived ones count; deleted ones do not). */
  forms: number | null;
  /** Submissions a team's forms take in one calendar month (Europe/Berlin), all forms together. */
  submissionsPerMonth: number | null;
  /** What the team's stored files (submission uploads, documents, signed copies) may take up. */
  storageBytes: number;
  /** Members of the team, owner included, and open invitations. */
  seats: number | null;
};

export type PlanFeatures = {
  /** Forms on the team's own domain (form settings, "domain"). */
  customDomains: boolean;
  /** Single sign-on (OpenID Connect, SAML) with verified domains: on every plan. */
  singleSignOn: boolean;
};

export type Plan = {
  id: PlanId;
  /** Euro cents per interval; Free has none. */
  prices: Record<BillingInterval, number> | null;
  limits: PlanLimits;
  features: PlanFeatures;
};

export const plans: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    prices: null,
    limits: { forms: 10, submissionsPerMonth: 250, storageBytes: 250 * megabyte, seats: 3 },
    features: { customDomains: false, singleSignOn: true },
  },
  basic: {
    id: 'basic',
    prices: { month: 1900, year: 19_000 },
    limits: { forms: 50, submissionsPerMonth: 2500, storageBytes: 2 * gigabyte, seats: 5 },
    features: { customDomains: false, singleSignOn: true },
  },
  pro: {
    id: 'pro',
    prices: { month: 4900, year: 49_000 },
    limits: { forms: null, submissionsPerMonth: 25_000, storageBytes: 20 * gigabyte, seats: 20 },
    features: { customDomains: true, singleSignOn: true },
  },
  business: {
    id: 'business',
    prices: { month: 12_900, year: 129_000 },
    limits: { forms: null, submissionsPerMonth: 250_000, storageBytes: 200 * gigabyte, seats: null },
    features: { customDomains: true, singleSignOn: true },
  },
};

/** A plan and interval one can buy, as in /v1/checkout/{pricingId}. */
export const pricingIds = [
  'basic-month',
  'basic-year',
  'pro-month',
  'pro-year',
  'business-month',
  'business-year',
] as const;
export type PricingId = (typeof pricingIds)[number];
export type PaidPlanId = Exclude<PlanId, 'free'>;

export function pricingIdOf(planId: PaidPlanId, interval: BillingInterval): PricingId {
  return `${planId}-${interval}`;
}

export function parsePricingId(pricingId: PricingId): { planId: PaidPlanId; interval: BillingInterval } {
  const [planId, interval] = pricingId.split('-') as [PaidPlanId, BillingInterval];
  return { planId, interval };
}
