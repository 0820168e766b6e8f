import { randomBytes } from 'node:crypto';
import {
  type BillingResponse,
  hasSubscriptionEnded,
  type Invoice,
  invoiceSchema,
  isSubscriptionRunning,
  type Locale,
  type PricingId,
  plans,
  type RedirectResponse,
} from '@formwerk/contracts';
import Stripe from 'stripe';
import { isDuplicateKey } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { countTeamForms } from '../forms/team-form-count';
import { countTeamSeats } from '../invitations/invitations.service';
import { readTeamStorage } from '../storage/team-storage';
import { countMonthlySubmissions } from '../submissions/monthly-submissions';
import type { TeamRole } from '../teams/team.model';
import { findTeam } from '../teams/teams.service';
import { findUserById } from '../users/users.service';
import { syncSubscription } from './billing-sync';
import { receiveWebhook } from './billing-webhooks';
import { type CheckoutSession, CheckoutSessionModel } from './checkout-session.model';
import { callStripe, isTestMode, requireBilling } from './stripe-client';
import { findPriceId } from './stripe-prices';
import { type TeamBilling, TeamBillingModel } from './team-billing.model';
import { billingMonthOf } from './team-plan';

type Member = { teamId: number; role: TeamRole };
type Buyer = { teamId: number; userId: string };

const localePrefix = (locale: Locale) => (locale === 'en' ? '/en' : '');
const pageUrl = (locale: Locale, path: string) => `${requireBilling().publicUrl}${localePrefix(locale)}${path}`;

const findBilling = (teamId: number) => TeamBillingModel.findById(teamId).lean<TeamBilling>();

/** Whether the last payment failed and no later one went through, while the subscription still runs. */
function isPaymentFailing(billing: TeamBilling): boolean {
  if (hasSubscriptionEnded(billing.status)) return false;
  if (billing.status === 'past_due' || billing.status === 'unpaid') return true;
  const failedAt = billing.lastPaymentFailedAt?.getTime() ?? 0;
  return failedAt > (billing.lastPaidAt?.getTime() ?? 0);
}

function toInvoice(invoice: Stripe.Invoice): Invoice {
  const status = invoiceSchema.shape.status.safeParse(invoice.status);
  return {
    id: invoice.id ?? '',
    number: invoice.number,
    // A state Stripe adds later reads as open: not paid, not void.
    status: status.success ? status.data : invoice.status === null ? 'draft' : 'open',
    total: invoice.total,
    currency: invoice.currency,
    createdAt: new Date(invoice.created * 1000).toISOString(),
    hostedUrl: invoice.hosted_invoice_url ?? null,
    pdfUrl: invoice.invoice_pdf ?? null,
  };
}

/** The customer's latest invoices; without Stripe the page still shows the plan, so a failure is logged, not thrown. */
async function findInvoices(customerId: string | null, log: Logger): Promise<Invoice[]> {
  if (!customerId) return [];
  try {
    const list = await callStripe('list the invoices', (stripe) =>
      stripe.invoices.list({ customer: customerId, limit: 12 }),
    );
    return list.data.filter((invoice) => invoice.id).map(toInvoice);
  } catch (error) {
    log.warn({ err: error, customerId }, 'billing: the invoices could not be read from Stripe');
    return [];
  }
}

/** GET /billing: the plan as the last sync left it, its use from the api's own counters, and the invoices. */
export async function getBilling(member: Member, log: Logger): Promise<BillingResponse> {
  const now = new Date();
  const billing = await findBilling(member.teamId);
  const { limits } = plans[billing?.planId ?? 'free'];
  const [forms, submissions, storage, seats, invoices] = await Promise.all([
    countTeamForms(member.teamId),
    countMonthlySubmissions(member.teamId, billingMonthOf(now)),
    readTeamStorage(member.teamId),
    countTeamSeats(member.teamId),
    findInvoices(billing?.customerId ?? null, log),
  ]);
  return {
    planId: billing?.planId ?? 'free',
    pricingId: billing?.pricingId ?? null,
    status: billing?.status ?? 'none',
    currentPeriodEnd: billing?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: billing?.cancelAtPeriodEnd ?? false,
    isPaymentFailing: billing ? isPaymentFailing(billing) : false,
    isTestMode: isTestMode(),
    mayManage: member.role === 'owner' || member.role === 'admin',
    usage: {
      forms: { used: forms, allowed: limits.forms },
      submissionsPerMonth: { used: submissions, allowed: limits.submissionsPerMonth },
      storageBytes: { used: storage.usedBytes, allowed: limits.storageBytes },
      seats: { used: seats, allowed: limits.seats },
    },
    invoices,
  };
}

/** The team's Stripe customer, made at its first checkout; of two checkouts at once, the first stored stays. */
async function ensureCustomer(teamId: number, user: { email: string; locale: Locale }): Promise<string> {
  const stored = (await findBilling(teamId))?.customerId;
  if (stored) return stored;
  const team = await findTeam(teamId);
  const customer = await callStripe('create the customer', (stripe) =>
    stripe.customers.create({
      name: team?.name ?? `Team ${teamId}`,
      email: user.email,
      preferred_locales: [user.locale],
      metadata: { teamId: String(teamId) },
    }),
  );
  // Matches no document when a customer is stored already: the insert it then tries fails on the `_id`.
  await TeamBillingModel.updateOne(
    { _id: teamId, customerId: null },
    { $set: { customerId: customer.id } },
    { upsert: true },
  ).catch((error: unknown) => {
    if (!isDuplicateKey(error)) throw error;
  });
  return (await findBilling(teamId))?.customerId ?? customer.id;
}

/**
 * POST /billing/checkout: a Checkout Session in subscription mode for the team (its id as
 * `client_reference_id` and in the subscription's metadata), and where the browser goes to pay.
 */
export async function startCheckout(buyer: Buyer, pricingId: PricingId): Promise<RedirectResponse> {
  const billing = await findBilling(buyer.teamId);
  if (billing && !hasSubscriptionEnded(billing.status)) {
    throw new AppError('CHECKOUT_INVALID', 409, 'The team has a subscription: change its plan instead');
  }
  const user = await findUserById(buyer.userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 401, 'Not signed in');
  const locale = user.locale;
  const [customerId, priceId] = await Promise.all([ensureCustomer(buyer.teamId, user), findPriceId(pricingId)]);
  const metadata = { teamId: String(buyer.teamId), pricingId };
  const session = await callStripe('start the checkout', (stripe) =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: String(buyer.teamId),
      line_items: [{ price: priceId, quantity: 1 }],
      subscription_data: { metadata },
      metadata,
      locale,
      success_url: `${pageUrl(locale, '/stripe-callback')}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: pageUrl(locale, '/v1/subscriptions'),
    }),
  );
  await CheckoutSessionModel.create({ _id: session.id, teamId: buyer.teamId, pricingId, customerId, locale });
  // stripe-mock's checkout page does not exist: the site's own test page completes the test payment.
  if (isTestMode()) return { url: `${pageUrl(locale, `/v1/checkout/${pricingId}`)}?session_id=${session.id}` };
  if (!session.url) throw new AppError('BILLING_UNAVAILABLE', 503, 'Stripe gave the checkout no page');
  return { url: session.url };
}

async function findCheckoutOfTeam(teamId: number, sessionId: string): Promise<CheckoutSession> {
  const checkout = await CheckoutSessionModel.findById(sessionId).lean<CheckoutSession>();
  // Another team's session answers like an unknown one.
  if (!checkout || checkout.teamId !== teamId) {
    throw new AppError('CHECKOUT_INVALID', 404, 'No checkout of this team has this id');
  }
  return checkout;
}

/**
 * POST /billing/test-checkout (test mode only): what Stripe does when the test card is paid. A
 * subscription is made for the session's customer and price, and checkout.session.completed goes
 * through the webhook's handling, signed with the webhook secret as Stripe signs it.
 */
export async function completeTestCheckout(buyer: Buyer, sessionId: string, log: Logger): Promise<RedirectResponse> {
  if (!isTestMode()) throw new AppError('NOT_FOUND', 404, 'There is no test checkout outside test mode');
  const checkout = await findCheckoutOfTeam(buyer.teamId, sessionId);
  const returnPage = { url: `${pageUrl(checkout.locale, '/stripe-callback')}?session_id=${sessionId}` };
  // Paid already (a second click): Stripe completes a session once.
  if (checkout.subscriptionId) return returnPage;
  const priceId = await findPriceId(checkout.pricingId);
  const subscription = await callStripe('create the subscription', (stripe) =>
    stripe.subscriptions.create({
      customer: checkout.customerId,
      items: [{ price: priceId }],
      metadata: { teamId: String(checkout.teamId), pricingId: checkout.pricingId },
    }),
  );
  const { webhookSecret } = requireBilling();
  const payload = JSON.stringify({
    id: `evt_test_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        client_reference_id: String(checkout.teamId),
        customer: checkout.customerId,
        subscription: subscription.id,
        metadata: { teamId: String(checkout.teamId), pricingId: checkout.pricingId },
      },
    },
  });
  await receiveWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }), log);
  return returnPage;
}

/**
 * POST /billing/sync from the card-payment return page: the same sync as the webhook's, before or after
 * it. The subscription is the session's as Stripe says, or the one the webhook saw complete it.
 */
export async function syncCheckout(member: Member, sessionId: string, log: Logger): Promise<BillingResponse> {
  const checkout = await findCheckoutOfTeam(member.teamId, sessionId);
  const session = await callStripe('answer the checkout', (stripe) => stripe.checkout.sessions.retrieve(sessionId));
  const fromStripe = session.status === 'complete' ? session.subscription : null;
  const subscriptionId = (typeof fromStripe === 'string' ? fromStripe : fromStripe?.id) ?? checkout.subscriptionId;
  if (!subscriptionId) throw new AppError('CHECKOUT_INVALID', 409, 'The checkout is not paid (yet)');
  if (!checkout.subscriptionId) await CheckoutSessionModel.updateOne({ _id: sessionId }, { $set: { subscriptionId } });
  await syncSubscription(member.teamId, subscriptionId);
  return getBilling(member, log);
}

/** The team's subscription that has not ended, or 409 SUBSCRIPTION_REQUIRED. */
async function requireSubscription(teamId: number): Promise<TeamBilling & { subscriptionId: string }> {
  const billing = await findBilling(teamId);
  if (!billing?.subscriptionId || hasSubscriptionEnded(billing.status)) {
    throw new AppError('SUBSCRIPTION_REQUIRED', 409, 'The team has no running subscription');
  }
  return billing as TeamBilling & { subscriptionId: string };
}

/** POST /billing/cancel and /billing/resume: the subscription ends at the period's end, or goes on after all. */
export async function setCancelAtPeriodEnd(member: Member, cancel: boolean, log: Logger): Promise<BillingResponse> {
  const { subscriptionId } = await requireSubscription(member.teamId);
  await syncSubscription(member.teamId, subscriptionId, (stripe, expand) =>
    stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel, expand }),
  );
  return getBilling(member, log);
}

/** POST /billing/change: another plan or interval for the running subscription, prorated by Stripe. */
export async function changePlan(member: Member, pricingId: PricingId, log: Logger): Promise<BillingResponse> {
  const billing = await requireSubscription(member.teamId);
  if (!isSubscriptionRunning(billing.status)) {
    throw new AppError('SUBSCRIPTION_REQUIRED', 409, 'The subscription is not paid: update the card first');
  }
  if (billing.pricingId !== pricingId) {
    const { subscriptionId } = billing;
    const [subscription, priceId] = await Promise.all([
      callStripe('answer the subscription', (stripe) => stripe.subscriptions.retrieve(subscriptionId)),
      findPriceId(pricingId),
    ]);
    const [item] = subscription.items.data;
    if (!item) throw new AppError('BILLING_UNAVAILABLE', 503, 'Stripe answered a subscription without items');
    await syncSubscription(member.teamId, subscriptionId, async (stripe, expand) => {
      const changed = await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price: priceId }],
        proration_behavior: 'create_prorations',
        cancel_at_period_end: false,
        metadata: { teamId: String(member.teamId), pricingId },
        expand,
      });
      // What the api asked for, for the sync when Stripe's answer names no pricing id (stripe-mock).
      await CheckoutSessionModel.updateMany({ subscriptionId }, { $set: { pricingId } });
      return changed;
    });
  }
  return getBilling(member, log);
}

/** POST /billing/portal: Stripe's customer portal (card, address, invoices); in test mode the subscriptions page. */
export async function openPortal(buyer: Buyer): Promise<RedirectResponse> {
  const billing = await findBilling(buyer.teamId);
  if (!billing?.customerId) throw new AppError('SUBSCRIPTION_REQUIRED', 409, 'The team has never bought a plan');
  const customerId = billing.customerId;
  const locale = (await findUserById(buyer.userId))?.locale ?? 'de';
  const portal = await callStripe('open the customer portal', (stripe) =>
    stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: pageUrl(locale, '/v1/subscriptions'),
      locale,
    }),
  );
  return { url: isTestMode() ? pageUrl(locale, '/v1/subscriptions') : portal.url };
}
