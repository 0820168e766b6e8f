import { z } from 'zod';

import { billingIntervals, planIds, pricingIds } from './plans';

export * from './plans';

export const planIdSchema = z.enum(planIds);
export const billingIntervalSchema = z.enum(billingIntervals);
export const pricingIdSchema = z.enum(pricingIds);

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
