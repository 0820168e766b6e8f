import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpPerson, type TestPerson } from '../../test/accounts';
import { configureTestBilling, givePlan, signDelivery, stripeEvent } from '../../test/billing';
import { type StripeWithState, startStripeWithState } from '../../test/stripe-with-state';
import { useTestDatabase } from '../../test/test-database';
import { NotificationModel } from '../notifications/notification.model';
import { addTeamMember } from '../teams/teams.service';
import { StripeEventModel } from './stripe-event.model';
import { TeamBillingModel } from './team-billing.model';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

type Person = TestPerson;

let stripe: StripeWithState;

const signUp = (name: string) => signUpPerson(app, name);

const deliver = (payload: string, signature?: string) => {
  const delivery = request(app).post('/api/v1/billing/webhook').set('Content-Type', 'application/json');
  return (signature === undefined ? delivery : delivery.set('Stripe-Signature', signature)).send(payload);
};

/** A subscription event of `teamId`'s subscription, as Stripe sends it (the checkout put the team into its metadata). */
const subscriptionEvent = (type: string, subscriptionId: string, teamId: number, created?: number) =>
  stripeEvent(
    type,
    {
      id: subscriptionId,
      object: 'subscription',
      customer: 'cus_hook',
      status: 'active',
      metadata: { teamId: String(teamId) },
    },
    created,
  );

const invoiceEvent = (type: string, subscriptionId: string, created: number) =>
  stripeEvent(
    type,
    {
      id: `in_${created}`,
      object: 'invoice',
      customer: 'cus_hook',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: null } },
    },
    created,
  );

const billingOf = (teamId: number) => TeamBillingModel.findById(teamId).lean();
const subscriptionReads = (subscriptionId: string) =>
  stripe.callsTo('GET', `/v1/subscriptions/${subscriptionId}`).length;

beforeAll(async () => {
  stripe = await startStripeWithState(inject('stripeApiUrl'));
  configureTestBilling(stripe.url);
});

afterAll(async () => {
  configureTestBilling();
  await stripe.stop();
});

beforeEach(() => stripe.reset());

describe('a delivery of the webhook', () => {
  it('signed by Stripe: the team gets the subscription as Stripe has it now, not as the event says', async () => {
    const team = await signUp('Valentin Valid');
    stripe.subscriptions.set('sub_valid', { status: 'trialing', lookupKey: 'pro-year' });
    const { payload, signature } = signDelivery(
      subscriptionEvent('customer.subscription.created', 'sub_valid', team.teamId),
    );

    const answer = await deliver(payload, signature).expect(200);
    expect(answer.body).toEqual({ received: true, outcome: 'handled' });
    expect(await billingOf(team.teamId)).toMatchObject({
      subscriptionId: 'sub_valid',
      planId: 'pro',
      pricingId: 'pro-year',
      status: 'trialing',
    });
  });

  it.each([
    ['tampered after signing', (payload: string) => payload.replace('"active"', '"canceled"'), {}],
    ['signed more than 300 s ago', (payload: string) => payload, { timestamp: Math.floor(Date.now() / 1000) - 301 }],
    ['signed with another secret', (payload: string) => payload, { secret: 'whsec_someone_else' }],
  ])('%s: 400 WEBHOOK_INVALID and nothing changed', async (_case, alter, signing) => {
    const team = await signUp('Fritz Forged');
    const event = subscriptionEvent('customer.subscription.updated', 'sub_forged', team.teamId);
    const { payload, signature } = signDelivery(event, signing);

    const refused = await deliver(alter(payload), signature).expect(400);
    expect(refused.body.error.code).toBe('WEBHOOK_INVALID');
    expect(await billingOf(team.teamId)).toBeNull();
    expect(await StripeEventModel.findById(event.id).lean()).toBeNull();
    expect(stripe.requests).toEqual([]);
  });

  it('without a signature, or a signed body that is no event: 400 WEBHOOK_INVALID', async () => {
    const team = await signUp('Nina Nobody');
    const { payload } = signDelivery(subscriptionEvent('customer.subscription.updated', 'sub_unsigned', team.teamId));
    expect((await deliver(payload).expect(400)).body.error.code).toBe('WEBHOOK_INVALID');
    const notJson = signDelivery({}).signature.replace(/v1=[0-9a-f]+/, 'v1=0');
    await deliver('not json', notJson).expect(400);
    const { payload: empty, signature } = signDelivery({ hello: 'world' });
    expect((await deliver(empty, signature).expect(400)).body.error.code).toBe('WEBHOOK_INVALID');
    expect(stripe.requests).toEqual([]);
  });

  it('twice (Stripe retries): handled once, the second answered 200 with nothing done', async () => {
    const team = await signUp('Doris Double');
    stripe.subscriptions.set('sub_twice', { status: 'active', lookupKey: 'basic-month' });
    const { payload, signature } = signDelivery(
      subscriptionEvent('customer.subscription.updated', 'sub_twice', team.teamId),
    );

    const answers = await Promise.all([deliver(payload, signature), deliver(payload, signature)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.outcome).sort()).toEqual(['duplicate', 'handled']);
    expect((await deliver(payload, signature).expect(200)).body.outcome).toBe('duplicate');
    expect(subscriptionReads('sub_twice')).toBe(1);
    expect((await billingOf(team.teamId))?.planId).toBe('basic');
  });

  it('of an event type the api does not handle: 200, ignored', async () => {
    const event = stripeEvent('customer.created', { id: 'cus_new', object: 'customer' });
    const { payload, signature } = signDelivery(event);
    expect((await deliver(payload, signature).expect(200)).body.outcome).toBe('ignored');
    expect(await StripeEventModel.findById(event.id).lean()).toBeNull();
    expect(stripe.requests).toEqual([]);
  });

  it('that fails to be handled (Stripe away) fails, and Stripe’s retry is handled', async () => {
    const team = await signUp('Rolf Retry');
    stripe.subscriptions.set('sub_retry', { status: 'active', lookupKey: 'pro-month' });
    const { payload, signature } = signDelivery(
      subscriptionEvent('customer.subscription.updated', 'sub_retry', team.teamId),
    );
    stripe.setDown(true);
    expect((await deliver(payload, signature).expect(503)).body.error.code).toBe('BILLING_UNAVAILABLE');
    stripe.setDown(false);
    expect((await deliver(payload, signature).expect(200)).body.outcome).toBe('handled');
    expect((await billingOf(team.teamId))?.planId).toBe('pro');
  });
});

describe('deliveries out of order', () => {
  it('end in the state Stripe has now, whatever order the events arrive in', async () => {
    const team = await signUp('Otto Order');
    const now = Math.floor(Date.now() / 1000);
    // Bought, changed, then cancelled: Stripe has it cancelled now.
    stripe.subscriptions.set('sub_order', { status: 'canceled', lookupKey: 'pro-month' });
    const events = [
      subscriptionEvent('customer.subscription.deleted', 'sub_order', team.teamId, now),
      subscriptionEvent('customer.subscription.updated', 'sub_order', team.teamId, now - 60),
      subscriptionEvent('customer.subscription.created', 'sub_order', team.teamId, now - 120),
    ];
    for (const event of events) {
      const { payload, signature } = signDelivery(event);
      await deliver(payload, signature).expect(200);
    }
    expect(await billingOf(team.teamId)).toMatchObject({
      status: 'canceled',
      planId: 'free',
      subscriptionId: 'sub_order',
    });
  });

  it('never let an answer Stripe gave earlier overwrite one it gave later', async () => {
    const team = await signUp('Lars Late');
    stripe.subscriptions.set('sub_race', { status: 'active', lookupKey: 'pro-month' });
    // The first sync's answer (active) is slow to arrive…
    const slow = stripe.holdNext('/v1/subscriptions/sub_race');
    const first = signDelivery(subscriptionEvent('customer.subscription.updated', 'sub_race', team.teamId));
    // Sent now (supertest sends when awaited), answered once the slow answer is released.
    const delivering = deliver(first.payload, first.signature).then((answer) => answer.status);
    await expect.poll(() => subscriptionReads('sub_race')).toBe(1);
    // …while the subscription is cancelled and the next event's sync stores that.
    stripe.subscriptions.set('sub_race', { status: 'canceled', lookupKey: 'pro-month' });
    const second = signDelivery(subscriptionEvent('customer.subscription.deleted', 'sub_race', team.teamId));
    await deliver(second.payload, second.signature).expect(200);
    slow.release();
    expect(await delivering).toBe(200);
    expect(await billingOf(team.teamId)).toMatchObject({ status: 'canceled', planId: 'free' });
  });

  it('of an old subscription leave the team’s newer one alone', async () => {
    const team = await signUp('Nele New');
    await givePlan(team.teamId, 'business-month');
    stripe.subscriptions.set('sub_old', { status: 'canceled', lookupKey: 'basic-month' });
    const { payload, signature } = signDelivery(
      subscriptionEvent('customer.subscription.deleted', 'sub_old', team.teamId),
    );
    await deliver(payload, signature).expect(200);
    expect(await billingOf(team.teamId)).toMatchObject({
      subscriptionId: `sub_test_${team.teamId}`,
      planId: 'business',
    });
  });
});

describe('payments', () => {
  it('a failed one marks the payment as failing and tells the owners and admins; a later paid one clears it', async () => {
    const owner = await signUp('Paula Payer');
    const admin = await signUp('Adam Admin');
    const member = await signUp('Mona Member');
    await addTeamMember(owner.teamId, admin.userId, 'admin');
    await addTeamMember(owner.teamId, member.userId, 'member');
    stripe.subscriptions.set('sub_pay', {
      status: 'active',
      lookupKey: 'pro-month',
      metadata: { teamId: String(owner.teamId) },
    });
    await givePlan(owner.teamId, 'pro-month');
    await TeamBillingModel.updateOne({ _id: owner.teamId }, { $set: { subscriptionId: 'sub_pay' } });
    const now = Math.floor(Date.now() / 1000);

    const failed = signDelivery(invoiceEvent('invoice.payment_failed', 'sub_pay', now - 60));
    await deliver(failed.payload, failed.signature).expect(200);
    const billing = (await owner.agent.get('/api/v1/billing').expect(200)).body;
    expect(billing).toMatchObject({ planId: 'pro', isPaymentFailing: true });
    const noticesOf = (person: Person) =>
      NotificationModel.find({ userId: person.userId, type: 'paymentFailed' }).lean();
    expect(await noticesOf(owner)).toHaveLength(1);
    expect(await noticesOf(admin)).toHaveLength(1);
    expect(await noticesOf(member)).toHaveLength(0);
    expect((await noticesOf(owner))[0]?.link).toMatchObject({ route: 'v1-subscriptions' });

    // The paid invoice of the retry, then the failure's event delivered once more (late): still paid.
    const paid = signDelivery(invoiceEvent('invoice.paid', 'sub_pay', now));
    await deliver(paid.payload, paid.signature).expect(200);
    const lateFailure = signDelivery(invoiceEvent('invoice.payment_failed', 'sub_pay', now - 120));
    await deliver(lateFailure.payload, lateFailure.signature).expect(200);
    expect((await owner.agent.get('/api/v1/billing').expect(200)).body.isPaymentFailing).toBe(false);
  });
});
