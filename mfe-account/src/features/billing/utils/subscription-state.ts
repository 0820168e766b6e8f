import {
  type BillingInterval,
  type BillingResponse,
  hasSubscriptionEnded,
  type PaidPlanId,
  type PlanId,
  type PricingId,
  parsePricingId,
  planIds,
  pricingIds,
} from '@formwerk/contracts';

export const isPricingId = (value: string | undefined): value is PricingId => pricingIds.includes(value as PricingId);

/** Higher plans allow more: changing to one is an upgrade. */
export const planRankOf = (planId: PlanId) => planIds.indexOf(planId);

/** What the team subscribed to (also while the plan does not apply, e.g. unpaid), or null. */
export function subscribedPlanOf(billing: BillingResponse): { planId: PaidPlanId; interval: BillingInterval } | null {
  return billing.pricingId && !hasSubscriptionEnded(billing.status) ? parsePricingId(billing.pricingId) : null;
}
