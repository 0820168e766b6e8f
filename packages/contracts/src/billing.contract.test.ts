import { describe, expect, it } from 'vitest';
import { parsePricingId, plans, pricingIdOf, pricingIds } from './billing.contract';

describe('plans', () => {
  it('sell every paid plan by month and by year, and nothing for Free', () => {
    const sold = Object.values(plans)
      .filter((plan) => plan.prices !== null)
      .flatMap((plan) => (['month', 'year'] as const).map((interval) => `${plan.id}-${interval}`));
    expect([...pricingIds].sort()).toEqual(sold.sort());
  });

  it('read a pricing id back as its plan and interval', () => {
    for (const pricingId of pricingIds) {
      const { planId, interval } = parsePricingId(pricingId);
      expect(pricingIdOf(planId, interval)).toBe(pricingId);
      expect(plans[planId].prices?.[interval]).toBeGreaterThan(0);
    }
  });

  it('allow more on every step up, and charge ten months for a year', () => {
    const ordered = [plans.free, plans.basic, plans.pro, plans.business];
    for (const [lower, higher] of ordered.slice(0, -1).map((plan, index) => [plan, ordered[index + 1]] as const)) {
      if (!higher) continue;
      expect(higher.limits.storageBytes).toBeGreaterThan(lower.limits.storageBytes);
      expect(higher.limits.submissionsPerMonth ?? Number.POSITIVE_INFINITY).toBeGreaterThan(
        lower.limits.submissionsPerMonth ?? 0,
      );
    }
    for (const plan of ordered) if (plan.prices) expect(plan.prices.year).toBe(plan.prices.month * 10);
  });
});
