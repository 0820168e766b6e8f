import {
  hasSubscriptionEnded,
  isSubscriptionRunning,
  type PlanId,
  type PricingId,
  parsePricingId,
  pricingIdSchema,
  type SubscriptionStatus,
  subscriptionStatusSchema,
} from '@formwerk/contracts';
import type Stripe from 'stripe';
import { isDuplicateKey, trusted } from '../../platform/db';
import { CheckoutSessionModel } from './checkout-session.model';
import { callStripe } from './stripe-client';
import { type TeamBilling, TeamBillingModel } from './team-billing.model';

// The one sync of a team's plan with Stripe (docs/decisions/025): the webhook, the card-payment return
// page, and cancelling, resuming or changing a plan all end here. It never trusts what an event says
// the subscription is: it asks Stripe for the subscription as it is now and stores that, guarded by a
// ticket taken before asking, so however often and in whatever order it runs, the team ends on
// Stripe's latest word.

/** What the sync stores of a subscription. */
export type SubscriptionState = {
  subscriptionId: string;
  pricingId: PricingId | null;
  status: Exclude<SubscriptionStatus, 'none'>;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

/**
 * Which plan and interval a subscription is for: its price's lookup key (the pricing id, on the prices
 * the api makes), else the pricing id the checkout put into its metadata, else the one the api asked
 * for at checkout or at the last change (stripe-mock answers neither lookup keys nor metadata).
 */
async function pricingIdOf(subscription: Stripe.Subscription): Promise<PricingId | null> {
  const [item] = subscription.items.data;
  const fromStripe = [item?.price.lookup_key, subscription.metadata?.pricingId].find(
    (candidate) => pricingIdSchema.safeParse(candidate).success,
  );
  if (fromStripe) return fromStripe as PricingId;
  const checkout = await CheckoutSessionModel.findOne({ subscriptionId: subscription.id }, { pricingId: 1 })
    .sort({ createdAt: -1 })
    .lean<{ pricingId: PricingId }>();
  return checkout?.pricingId ?? null;
}

/** Stripe's state, or for one added after API 2026-08-26 "incomplete": not running, not ended. */
function statusOf(subscription: Stripe.Subscription): SubscriptionState['status'] {
  const parsed = subscriptionStatusSchema.exclude(['none']).safeParse(subscription.status);
  return parsed.success ? parsed.data : 'incomplete';
}

async function stateOf(subscription: Stripe.Subscription): Promise<SubscriptionState> {
  // Since API 2025-03-31 the period is the items' (each may have its own); the plan has one item.
  const periodEnds = subscription.items.data.map((item) => item.current_period_end);
  return {
    subscriptionId: subscription.id,
    pricingId: await pricingIdOf(subscription),
    status: statusOf(subscription),
    currentPeriodEnd: periodEnds.length > 0 ? new Date(Math.max(...periodEnds) * 1000) : null,
    // The customer portal ends a subscription at the period's end by a date (`cancel_at`) as well.
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
  };
}

/** The plan whose limits the state grants: the subscription's while it runs, Free otherwise. */
export function planIdOf(state: Pick<SubscriptionState, 'pricingId' | 'status'>): PlanId {
  return state.pricingId && isSubscriptionRunning(state.status) ? parsePricingId(state.pricingId).planId : 'free';
}

/** A number greater than any a sync of the team took before: the age of the answer it is about to get. */
export async function takeSyncTicket(teamId: number): Promise<number> {
  const take = () =>
    TeamBillingModel.findOneAndUpdate({ _id: teamId }, { $inc: { syncTicket: 1 } }, { upsert: true, new: true }).lean<
      Pick<TeamBilling, 'syncTicket'>
    >();
  // The team's first two syncs at once both insert; the second then raises the first's.
  const billing = await take().catch((error: unknown) => (isDuplicateKey(error) ? take() : Promise.reject(error)));
  if (!billing) throw new Error(`The billing of team ${teamId} was not stored`);
  return billing.syncTicket;
}

/**
 * Stores `state` as the team's, unless a sync with a later ticket stored its answer already. An ended
 * subscription replaces only itself or none: a late event of an old subscription leaves a newer one
 * alone. Answers whether it was stored.
 */
export async function storeBillingState(teamId: number, ticket: number, state: SubscriptionState): Promise<boolean> {
  const result = await TeamBillingModel.updateOne(
    {
      _id: teamId,
      appliedTicket: trusted({ $lt: ticket }),
      ...(hasSubscriptionEnded(state.status) ? { subscriptionId: trusted({ $in: [null, state.subscriptionId] }) } : {}),
    },
    { $set: { ...state, planId: planIdOf(state), appliedTicket: ticket } },
  );
  return result.modifiedCount === 1;
}

const subscriptionExpansion = ['items.data.price'];

/**
 * Asks Stripe for the subscription as it is now (or, with `change`, changes it and takes Stripe's
 * answer, which is the subscription as it is then) and stores it as the team's.
 */
export async function syncSubscription(
  teamId: number,
  subscriptionId: string,
  change?: (stripe: Stripe, expand: string[]) => Promise<Stripe.Subscription>,
): Promise<void> {
  const ticket = await takeSyncTicket(teamId);
  const subscription = await callStripe(change ? 'change the subscription' : 'answer the subscription', (stripe) =>
    change
      ? change(stripe, subscriptionExpansion)
      : stripe.subscriptions.retrieve(subscriptionId, { expand: subscriptionExpansion }),
  );
  await storeBillingState(teamId, ticket, await stateOf(subscription));
}
