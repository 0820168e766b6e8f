import { z } from 'zod';

/**
 * The plans, their prices and what each allows: the one place both the pricing pages and the api
 * read (issue 17). Prices are in euro cents, without VAT; a year costs ten months. `null` as a limit
 * means no limit. Single sign-on is on every plan: the peers' paywall for it is the top complaint in
 * their trackers.
 */
export const planIds = ['free', 'basic', 'pro', 'business'] as const;
export const planIdSchema = z.enum(planIds);
export type PlanId = z.infer<typeof planIdSchema>;

export const billingIntervals = ['month', 'year'] as const;
export const billingIntervalSchema = z.enum(billingIntervals);
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

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
export const pricingIdSchema = z.enum(pricingIds);
export type PricingId = (typeof pricingIds)[number];
export type PaidPlanId = Exclude<PlanId, 'free'>;

export function pricingIdOf(planId: PaidPlanId, interval: BillingInterval): PricingId {
  return `${planId}-${interval}`;
}

export function parsePricingId(pricingId: PricingId): { planId: PaidPlanId; interval: BillingInterval } {
  const [planId, interval] = pricingId.split('-') as [PaidPlanId, BillingInterval];
  return { planId, interval };
}

/** The limits that can be reached, as `details.limit` of PLAN_LIMIT_REACHED names them. */
export const planLimitSchema = z.enum(['forms', 'submissionsPerMonth', 'storageBytes', 'seats', 'customDomains']);
export type PlanLimit = z.infer<typeof planLimitSchema>;

/** The `details` of PLAN_LIMIT_REACHED (402): which limit, what is used, what the plan allows. */
export const planLimitDetailsSchema = z.object({
  limit: planLimitSchema,
  planId: planIdSchema,
  used: z.number().int().min(0),
  allowed: z.number().int().min(0),
});
export type PlanLimitDetails = z.infer<typeof planLimitDetailsSchema>;

/** Stripe's subscription states, and `none` for a team on Free without one. */
export const subscriptionStatusSchema = z.enum([
  'none',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'paused',
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

// Stripe's states as the api applies them (docs/decisions/025): a running subscription gives its plan's
// limits and can be changed or cancelled; an ended one (or none) is bought anew through a checkout; the
// others wait for a payment, on Free meanwhile.
const runningStatuses: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due']);
const endedStatuses: ReadonlySet<SubscriptionStatus> = new Set(['none', 'canceled', 'incomplete_expired']);

export const isSubscriptionRunning = (status: SubscriptionStatus) => runningStatuses.has(status);
export const hasSubscriptionEnded = (status: SubscriptionStatus) => endedStatuses.has(status);

const usageSchema = z.object({ used: z.number().int().min(0), allowed: z.number().int().min(0).nullable() });
export type Usage = z.infer<typeof usageSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
  /** Euro cents (or the invoice's currency's smallest unit). */
  total: z.number().int(),
  currency: z.string(),
  createdAt: z.iso.datetime(),
  /** Stripe's page of the invoice, and its PDF. */
  hostedUrl: z.url().nullable(),
  pdfUrl: z.url().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * GET /billing: the team's plan as the last sync with Stripe left it, its use of the plan's limits,
 * and its latest invoices. Everyone in the team reads it; owners and admins manage it (`mayManage`).
 */
export const billingResponseSchema = z.object({
  planId: planIdSchema,
  pricingId: pricingIdSchema.nullable(),
  status: subscriptionStatusSchema,
  currentPeriodEnd: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** The last payment failed: the card must be updated (the customer portal) before Stripe gives up. */
  isPaymentFailing: z.boolean(),
  /** Payments go to stripe-mock, not to Stripe: nothing is charged. */
  isTestMode: z.boolean(),
  mayManage: z.boolean(),
  usage: z.object({
    forms: usageSchema,
    submissionsPerMonth: usageSchema,
    storageBytes: usageSchema,
    seats: usageSchema,
  }),
  invoices: z.array(invoiceSchema),
});
export type BillingResponse = z.infer<typeof billingResponseSchema>;

/**
 * POST /billing/checkout: a Checkout Session for the plan; the browser goes to `url` (Stripe's checkout
 * page; in test mode the site's own, `/v1/checkout/{pricingId}?session_id=…`, since stripe-mock's is
 * nowhere). POST /billing/portal answers Stripe's customer portal the same way (in test mode the
 * subscriptions page).
 */
export const checkoutRequestSchema = z.object({ pricingId: pricingIdSchema });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
export const redirectResponseSchema = z.object({ url: z.string() });
export type RedirectResponse = z.infer<typeof redirectResponseSchema>;

/**
 * POST /billing/sync, from the card-payment return page: the same sync as the webhook's; answers the
 * team's billing (GET /billing's response) as it left it.
 */
export const checkoutSyncRequestSchema = z.object({ sessionId: z.string().min(1).max(255) });
export type CheckoutSyncRequest = z.infer<typeof checkoutSyncRequestSchema>;

/**
 * POST /billing/test-checkout, test mode only (404 otherwise): the test checkout page's "complete test
 * payment". Stripe's checkout.session.completed for the session goes through the webhook's handling,
 * signed as Stripe signs it; answers the card-payment return page (`stripe-callback?session_id=…`) to
 * go to, as Stripe's checkout page would.
 */
export const testCheckoutRequestSchema = checkoutSyncRequestSchema;
export type TestCheckoutRequest = CheckoutSyncRequest;

/** POST /billing/change: another plan or interval for the running subscription, prorated. */
export const planChangeRequestSchema = z.object({ pricingId: pricingIdSchema });
export type PlanChangeRequest = z.infer<typeof planChangeRequestSchema>;
