import type Stripe from 'stripe';
import { isDuplicateKey } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { defineExpiringCollection, expiryHourOf } from '../../platform/expiring-documents';
import type { Logger } from '../../platform/logger';
import { notifyTeamManagers } from './billing-notices';
import { syncSubscription } from './billing-sync';
import { CheckoutSessionModel } from './checkout-session.model';
import { requireBilling, webhookToleranceSeconds } from './stripe-client';
import { StripeEventModel } from './stripe-event.model';
import { TeamBillingModel } from './team-billing.model';

// Stripe's webhook (docs/decisions/025): a signed event, verified on the raw body; its id stored first
// under the unique `_id`, so each is handled once however often Stripe sends it; and handled by a sync
// that asks Stripe for the subscription as it is now, never by what the event says it was.

const keepEventsMs = 30 * 24 * 3_600_000;

/** The events taken, removed after 30 days by the housekeeping job. */
export const expiringStripeEvents = defineExpiringCollection(StripeEventModel, 'expiresAt');

/** The events that can change a team's plan; any other is answered and left alone. */
const handledTypes = new Set<Stripe.Event['type']>([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

export type WebhookOutcome = 'handled' | 'duplicate' | 'ignored';

const idOf = (reference: string | { id: string } | null | undefined) =>
  typeof reference === 'string' ? reference : (reference?.id ?? null);

/**
 * The event a request carries, if Stripe signed it within the tolerance; else 400 WEBHOOK_INVALID and
 * a log line that says why (a forged, tampered, stale or malformed delivery changes nothing).
 */
function verifiedEvent(payload: Buffer | string, signature: string | undefined, log: Logger): Stripe.Event {
  const { stripe, webhookSecret } = requireBilling();
  try {
    const event = stripe.webhooks.constructEvent(payload, signature ?? '', webhookSecret, webhookToleranceSeconds);
    if (typeof event.id !== 'string' || typeof event.type !== 'string' || typeof event.data?.object !== 'object') {
      throw new Error('the body is not a Stripe event');
    }
    return event;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warn({ reason, hasSignature: Boolean(signature) }, 'stripe webhook refused: not a delivery Stripe signed');
    throw new AppError('WEBHOOK_INVALID', 400, 'The webhook is not signed by Stripe, too old, or not an event');
  }
}

/**
 * Takes a delivery of Stripe's webhook: verifies it, lets each event id through once, and syncs the
 * team it concerns. A handling that fails (Stripe or the database away) forgets the event again and
 * fails the request, so Stripe's retry is handled.
 */
export async function receiveWebhook(
  payload: Buffer | string,
  signature: string | undefined,
  log: Logger,
): Promise<WebhookOutcome> {
  const event = verifiedEvent(payload, signature, log);
  if (!handledTypes.has(event.type)) {
    log.info({ eventId: event.id, type: event.type }, 'stripe webhook: event type not handled, ignored');
    return 'ignored';
  }
  const expiresAt = new Date(Date.now() + keepEventsMs);
  try {
    await StripeEventModel.create({ _id: event.id, type: event.type, expiresAt, expiresHour: expiryHourOf(expiresAt) });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    log.info({ eventId: event.id, type: event.type }, 'stripe webhook: event taken before, nothing to do');
    return 'duplicate';
  }
  try {
    await handleEvent(event, log);
  } catch (error) {
    await StripeEventModel.deleteOne({ _id: event.id });
    throw error;
  }
  return 'handled';
}

/**
 * The team a subscription is for: the metadata the checkout gave it, else the team that stored it or
 * its customer. Null for a subscription of no team (another product on the same Stripe account).
 */
async function teamOfSubscription(
  subscriptionId: string,
  metadata: Record<string, string> | null | undefined,
  customer: string | { id: string } | null,
): Promise<number | null> {
  if (metadata?.teamId && /^\d+$/.test(metadata.teamId)) return Number(metadata.teamId);
  const bySubscription = await TeamBillingModel.findOne({ subscriptionId }, { _id: 1 }).lean<{ _id: number }>();
  if (bySubscription) return bySubscription._id;
  const customerId = idOf(customer);
  const byCustomer = customerId
    ? await TeamBillingModel.findOne({ customerId }, { _id: 1 }).lean<{ _id: number }>()
    : null;
  return byCustomer?._id ?? null;
}

async function handleCheckoutCompleted(session: Stripe.Checkout.Session, log: Logger): Promise<void> {
  const subscriptionId = idOf(session.subscription);
  const checkout = await CheckoutSessionModel.findById(session.id).lean<{ teamId: number }>();
  if (!checkout || !subscriptionId || session.mode !== 'subscription') {
    log.info({ sessionId: session.id }, 'stripe webhook: a checkout the api did not start, ignored');
    return;
  }
  await CheckoutSessionModel.updateOne({ _id: session.id }, { $set: { subscriptionId } });
  await syncSubscription(checkout.teamId, subscriptionId);
}

/** An invoice's subscription (since API 2025-03-31 under `parent`), and the metadata the checkout gave it. */
function subscriptionOfInvoice(invoice: Stripe.Invoice) {
  const details = invoice.parent?.subscription_details;
  return { subscriptionId: idOf(details?.subscription), metadata: details?.metadata ?? null };
}

async function handleInvoice(event: Stripe.InvoicePaidEvent | Stripe.InvoicePaymentFailedEvent, log: Logger) {
  const invoice = event.data.object;
  const { subscriptionId, metadata } = subscriptionOfInvoice(invoice);
  const teamId = subscriptionId && (await teamOfSubscription(subscriptionId, metadata, invoice.customer));
  if (!subscriptionId || !teamId) {
    log.info({ eventId: event.id, invoiceId: invoice.id }, 'stripe webhook: an invoice of no team, ignored');
    return;
  }
  const isFailed = event.type === 'invoice.payment_failed';
  // The sync stores the team's billing first if it had none.
  await syncSubscription(teamId, subscriptionId);
  // The newest report of each kind wins, whichever arrives last: $max is the same in any order.
  await TeamBillingModel.updateOne(
    { _id: teamId },
    { $max: { [isFailed ? 'lastPaymentFailedAt' : 'lastPaidAt']: new Date(event.created * 1000) } },
  );
  if (isFailed) await notifyTeamManagers(teamId, { type: 'paymentFailed', params: {} });
}

async function handleEvent(event: Stripe.Event, log: Logger): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
      return handleCheckoutCompleted(event.data.object, log);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const teamId = await teamOfSubscription(subscription.id, subscription.metadata, subscription.customer);
      if (teamId === null) {
        log.info({ subscriptionId: subscription.id }, 'stripe webhook: a subscription of no team, ignored');
        return;
      }
      return syncSubscription(teamId, subscription.id);
    }
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return handleInvoice(event, log);
  }
}
