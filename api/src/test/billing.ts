import { randomBytes } from 'node:crypto';
import type { PricingId } from '@formwerk/contracts';
import Stripe from 'stripe';
import { inject } from 'vitest';
import { storeBillingState, takeSyncTicket } from '../modules/billing/billing-sync';
import { configureBilling } from '../modules/billing/stripe-client';

/**
 * Puts the team on the plan of `pricingId` as the sync does when Stripe reports an active subscription
 * of it: for tests that need more than Free allows (forms, submissions, storage, seats, custom
 * domains). The limits stay enforced; the team simply has the plan a customer would have bought.
 */
export async function givePlan(teamId: number, pricingId: PricingId): Promise<void> {
  await storeBillingState(teamId, await takeSyncTicket(teamId), {
    subscriptionId: `sub_test_${teamId}`,
    pricingId,
    status: 'active',
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    cancelAtPeriodEnd: false,
  });
}

/** The webhook secret of the tests' Stripe: they sign events with it as Stripe does. */
export const testWebhookSecret = 'whsec_formwerk_tests';

/**
 * Payments in test mode against `apiUrl`: the run's stripe-mock (set-keys.ts does this for every test
 * file), or a stripe-with-state proxy in front of it.
 */
export function configureTestBilling(apiUrl: string = inject('stripeApiUrl')): void {
  configureBilling({
    secretKey: 'sk_test_formwerk',
    apiUrl,
    webhookSecret: testWebhookSecret,
    publicUrl: 'http://localhost:3000',
  });
}

let eventCount = 0;

/** An event as Stripe sends it: `type` with `object` as its data, made `created` seconds since 1970. */
export function stripeEvent(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  eventCount += 1;
  return {
    id: `evt_test_${eventCount}_${randomBytes(6).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/**
 * The body and Stripe-Signature header of a delivery, signed as Stripe signs it (the SDK's test helper)
 * with the tests' webhook secret, at `timestamp` (seconds; now unless given).
 */
export function signDelivery(
  event: object,
  { timestamp, secret = testWebhookSecret }: { timestamp?: number; secret?: string } = {},
) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
  return { payload, signature };
}
