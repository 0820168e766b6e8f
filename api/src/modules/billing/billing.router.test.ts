import { plans } from '@formwerk/contracts';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpMemberOf, signUpPerson, type TestPerson } from '../../test/accounts';
import { configureTestBilling, signDelivery, stripeEvent } from '../../test/billing';
import { type StripeWithState, startStripeWithState } from '../../test/stripe-with-state';
import { useTestDatabase } from '../../test/test-database';
import { CheckoutSessionModel } from './checkout-session.model';
import { configureBilling } from './stripe-client';
import { TeamBillingModel } from './team-billing.model';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

type Person = TestPerson;

let stripe: StripeWithState;

const signUp = (name: string, locale: 'de' | 'en' = 'de') => signUpPerson(app, name, { locale });

const joinAsMember = (owner: Person, name: string) => signUpMemberOf(app, owner, name);

const sessionIdOf = (url: string) => new URL(url).searchParams.get('session_id') ?? '';

/** A checkout of `pricingId` paid on the test page: the team's subscription id. */
async function buy(person: Person, pricingId: string): Promise<string> {
  const { body } = await person.agent.post('/api/v1/billing/checkout').send({ pricingId }).expect(201);
  await person.agent
    .post('/api/v1/billing/test-checkout')
    .send({ sessionId: sessionIdOf(body.url) })
    .expect(200);
  const billing = await TeamBillingModel.findById(person.teamId).lean();
  if (!billing?.subscriptionId) throw new Error('The test checkout stored no subscription');
  return billing.subscriptionId;
}

const readBilling = async (person: Person) => (await person.agent.get('/api/v1/billing').expect(200)).body;

beforeAll(async () => {
  stripe = await startStripeWithState(inject('stripeApiUrl'));
  configureTestBilling(stripe.url);
});

afterAll(async () => {
  configureTestBilling();
  await stripe.stop();
});

beforeEach(() => stripe.reset());

describe('the plan of a team', () => {
  it('is Free until bought, with its use counted by the api and nothing to pay', async () => {
    const owner = await signUp('Frieda Free');
    await owner.agent.post('/api/v1/forms').send({ title: 'Eins' }).expect(201);
    await owner.agent.post('/api/v1/forms').send({ title: 'Zwei' }).expect(201);
    const member = await joinAsMember(owner, 'Max Member');

    const { limits } = plans.free;
    expect(await readBilling(owner)).toEqual({
      planId: 'free',
      pricingId: null,
      status: 'none',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      isPaymentFailing: false,
      isTestMode: true,
      mayManage: true,
      usage: {
        forms: { used: 2, allowed: limits.forms },
        submissionsPerMonth: { used: 0, allowed: limits.submissionsPerMonth },
        storageBytes: { used: 0, allowed: limits.storageBytes },
        seats: { used: 2, allowed: limits.seats },
      },
      invoices: [],
    });
    // Every member reads it; only owners and admins manage it.
    expect((await readBilling(member)).mayManage).toBe(false);
    // No customer yet: nothing was asked of Stripe.
    expect(stripe.requests).toEqual([]);
  });

  it('is not bought, changed or cancelled by a member (403)', async () => {
    const owner = await signUp('Olga Owner');
    const member = await joinAsMember(owner, 'Mia Member');
    for (const [path, body] of [
      ['/api/v1/billing/checkout', { pricingId: 'pro-month' }],
      ['/api/v1/billing/change', { pricingId: 'pro-month' }],
      ['/api/v1/billing/cancel', {}],
      ['/api/v1/billing/portal', {}],
    ] as const) {
      const refused = await member.agent.post(path).send(body).expect(403);
      expect(refused.body.error.code).toBe('FORBIDDEN');
    }
    await request(app).get('/api/v1/billing').expect(401);
    expect(stripe.callsTo('POST', '/v1/checkout/sessions')).toEqual([]);
  });
});

describe('checkout', () => {
  it('makes a Checkout Session in subscription mode for the team, and in test mode sends the browser to the test page', async () => {
    const owner = await signUp('Carla Checkout');
    const { body } = await owner.agent.post('/api/v1/billing/checkout').send({ pricingId: 'pro-month' }).expect(201);
    const sessionId = sessionIdOf(body.url);
    expect(body.url).toBe(`http://localhost:3000/v1/checkout/pro-month?session_id=${sessionId}`);
    expect(sessionId).toMatch(/^cs_test_/);

    const [created] = stripe.callsTo('POST', '/v1/checkout/sessions');
    const form = created?.form;
    expect(Object.fromEntries(form ?? [])).toMatchObject({
      mode: 'subscription',
      client_reference_id: String(owner.teamId),
      'line_items[0][quantity]': '1',
      'subscription_data[metadata][teamId]': String(owner.teamId),
      'subscription_data[metadata][pricingId]': 'pro-month',
      success_url: 'http://localhost:3000/stripe-callback?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/v1/subscriptions',
      locale: 'de',
    });
    expect(form?.get('customer')).toMatch(/^cus_/);
    expect(await CheckoutSessionModel.findById(sessionId).lean()).toMatchObject({
      teamId: owner.teamId,
      pricingId: 'pro-month',
      subscriptionId: null,
    });

    // The team keeps its customer for the next checkout.
    await owner.agent.post('/api/v1/billing/checkout').send({ pricingId: 'basic-year' }).expect(201);
    expect(stripe.callsTo('POST', '/v1/customers')).toHaveLength(1);
    const [, second] = stripe.callsTo('POST', '/v1/checkout/sessions');
    expect(second?.form.get('customer')).toBe(form?.get('customer'));
  });

  it('sends English users back to the English pages', async () => {
    const owner = await signUp('Emma English', 'en');
    const { body } = await owner.agent.post('/api/v1/billing/checkout').send({ pricingId: 'basic-month' }).expect(201);
    expect(body.url).toMatch(/^http:\/\/localhost:3000\/en\/v1\/checkout\/basic-month\?session_id=cs_test_/);
    const [created] = stripe.callsTo('POST', '/v1/checkout/sessions');
    expect(created?.form.get('success_url')).toBe(
      'http://localhost:3000/en/stripe-callback?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(created?.form.get('locale')).toBe('en');
  });

  it('refuses an unknown pricing id, and a team that has a running subscription is sent to change it', async () => {
    const owner = await signUp('Paula Pricing');
    const unknown = await owner.agent.post('/api/v1/billing/checkout').send({ pricingId: 'free-month' }).expect(400);
    expect(unknown.body.error.code).toBe('VALIDATION_FAILED');
    await buy(owner, 'basic-month');
    const again = await owner.agent.post('/api/v1/billing/checkout').send({ pricingId: 'pro-month' }).expect(409);
    expect(again.body.error.code).toBe('CHECKOUT_INVALID');
  });

  it('makes the price from the plans config when Stripe has none for the pricing id', async () => {
    stripe.setNoPrices(true);
    const owner = await signUp('Petra Price');
    await owner.agent.post('/api/v1/billing/checkout').send({ pricingId: 'business-month' }).expect(201);
    const [price] = stripe.callsTo('POST', '/v1/prices');
    expect(Object.fromEntries(price?.form ?? [])).toMatchObject({
      product: 'formwerk-business',
      currency: 'eur',
      unit_amount: String(plans.business.prices?.month),
      'recurring[interval]': 'month',
      lookup_key: 'business-month',
      transfer_lookup_key: 'true',
    });
    // Asked once: the next checkout of it finds the price the api made.
    await signUp('Paul Price').then((other) =>
      other.agent.post('/api/v1/billing/checkout').send({ pricingId: 'business-month' }).expect(201),
    );
    expect(stripe.callsTo('POST', '/v1/prices')).toHaveLength(1);
  });

  it('answers 503 BILLING_UNAVAILABLE and stores nothing while Stripe is away; the plan page still answers', async () => {
    const owner = await signUp('Stefan Stripe');
    stripe.setDown(true);
    const refused = await owner.agent.post('/api/v1/billing/checkout').send({ pricingId: 'pro-month' }).expect(503);
    expect(refused.body.error.code).toBe('BILLING_UNAVAILABLE');
    expect(await CheckoutSessionModel.countDocuments({ teamId: owner.teamId })).toBe(0);
    expect(await TeamBillingModel.findById(owner.teamId).lean()).toBeNull();
    expect((await readBilling(owner)).planId).toBe('free');
  });
});

describe('the test payment and the return page', () => {
  it('puts the team on the plan through the webhook, and the return page answers the same state after it', async () => {
    const owner = await signUp('Tina Test');
    const { body } = await owner.agent.post('/api/v1/billing/checkout').send({ pricingId: 'pro-year' }).expect(201);
    const sessionId = sessionIdOf(body.url);
    const paid = await owner.agent.post('/api/v1/billing/test-checkout').send({ sessionId }).expect(200);
    expect(paid.body).toEqual({ url: `http://localhost:3000/stripe-callback?session_id=${sessionId}` });

    const billing = await readBilling(owner);
    expect(billing).toMatchObject({
      planId: 'pro',
      pricingId: 'pro-year',
      status: 'active',
      cancelAtPeriodEnd: false,
      isPaymentFailing: false,
      isTestMode: true,
    });
    expect(billing.usage.forms.allowed).toBe(plans.pro.limits.forms);
    expect(Date.parse(billing.currentPeriodEnd)).toBeGreaterThan(Date.now());
    // The subscription was made as Stripe makes it at checkout, for the team.
    const [subscription] = stripe.callsTo('POST', '/v1/subscriptions');
    expect(subscription?.form.get('metadata[teamId]')).toBe(String(owner.teamId));

    const synced = await owner.agent.post('/api/v1/billing/sync').send({ sessionId }).expect(200);
    expect(synced.body).toEqual(await readBilling(owner));
    // A second click pays nothing twice.
    await owner.agent.post('/api/v1/billing/test-checkout').send({ sessionId }).expect(200);
    expect(stripe.callsTo('POST', '/v1/subscriptions')).toHaveLength(1);
  });

  it('syncs from the return page before the webhook came, and the webhook then changes nothing', async () => {
    const owner = await signUp('Rita Return');
    const { body } = await owner.agent.post('/api/v1/billing/checkout').send({ pricingId: 'basic-year' }).expect(201);
    const sessionId = sessionIdOf(body.url);
    // Paid at Stripe: its session names the subscription, whose price carries the pricing id.
    stripe.sessions.set(sessionId, { status: 'complete', subscription: 'sub_paid_first' });
    stripe.subscriptions.set('sub_paid_first', { status: 'active', lookupKey: 'basic-year' });

    const synced = await owner.agent.post('/api/v1/billing/sync').send({ sessionId }).expect(200);
    expect(synced.body).toMatchObject({ planId: 'basic', pricingId: 'basic-year', status: 'active' });

    const event = stripeEvent('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      client_reference_id: String(owner.teamId),
      subscription: 'sub_paid_first',
    });
    const { payload, signature } = signDelivery(event);
    await request(app)
      .post('/api/v1/billing/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(payload)
      .expect(200);
    expect(await readBilling(owner)).toEqual(synced.body);
  });

  it('refuses a session that is not paid (409), of another team or unknown (404)', async () => {
    const owner = await signUp('Ute Unpaid');
    const stranger = await signUp('Sven Stranger');
    const { body } = await owner.agent.post('/api/v1/billing/checkout').send({ pricingId: 'pro-month' }).expect(201);
    const sessionId = sessionIdOf(body.url);
    stripe.sessions.set(sessionId, { status: 'open', subscription: null });

    const unpaid = await owner.agent.post('/api/v1/billing/sync').send({ sessionId }).expect(409);
    expect(unpaid.body.error.code).toBe('CHECKOUT_INVALID');
    for (const [person, id] of [
      [stranger, sessionId],
      [owner, 'cs_test_unknown'],
    ] as const) {
      expect(
        (await person.agent.post('/api/v1/billing/sync').send({ sessionId: id }).expect(404)).body.error.code,
      ).toBe('CHECKOUT_INVALID');
    }
    await stranger.agent.post('/api/v1/billing/test-checkout').send({ sessionId }).expect(404);
    expect((await readBilling(owner)).planId).toBe('free');
  });

  it('has no test payment outside test mode', async () => {
    const owner = await signUp('Lena Live');
    const { body } = await owner.agent.post('/api/v1/billing/checkout').send({ pricingId: 'pro-month' }).expect(201);
    configureBilling({
      secretKey: 'sk_live_formwerk',
      apiUrl: undefined,
      webhookSecret: 'whsec_live',
      publicUrl: 'http://localhost:3000',
    });
    try {
      await owner.agent
        .post('/api/v1/billing/test-checkout')
        .send({ sessionId: sessionIdOf(body.url) })
        .expect(404);
      expect((await readBilling(owner)).isTestMode).toBe(false);
    } finally {
      configureTestBilling(stripe.url);
    }
  });
});

describe('a running subscription', () => {
  it('is cancelled at the period end and resumed, as Stripe then reports it', async () => {
    const owner = await signUp('Clara Cancel');
    const subscriptionId = await buy(owner, 'pro-month');
    stripe.subscriptions.set(subscriptionId, { status: 'active', cancelAtPeriodEnd: false });

    const cancelled = await owner.agent.post('/api/v1/billing/cancel').expect(200);
    expect(cancelled.body).toMatchObject({ planId: 'pro', status: 'active', cancelAtPeriodEnd: true });
    expect(stripe.callsTo('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)?.form.get('cancel_at_period_end')).toBe(
      'true',
    );
    const resumed = await owner.agent.post('/api/v1/billing/resume').expect(200);
    expect(resumed.body).toMatchObject({ planId: 'pro', cancelAtPeriodEnd: false });
  });

  it('changes to another plan by swapping the item’s price, prorated', async () => {
    const owner = await signUp('Chris Change');
    const subscriptionId = await buy(owner, 'basic-month');
    const changed = await owner.agent.post('/api/v1/billing/change').send({ pricingId: 'business-year' }).expect(200);
    expect(changed.body).toMatchObject({ planId: 'business', pricingId: 'business-year', status: 'active' });
    const update = stripe.callsTo('POST', `/v1/subscriptions/${subscriptionId}`).at(-1);
    expect(update?.form.get('items[0][id]')).toMatch(/^si_/);
    expect(update?.form.get('items[0][price]')).toMatch(/^price_/);
    expect(update?.form.get('proration_behavior')).toBe('create_prorations');
  });

  it('is required to cancel, resume, change or open the portal (409 SUBSCRIPTION_REQUIRED)', async () => {
    const owner = await signUp('Nora None');
    for (const [path, body] of [
      ['/api/v1/billing/cancel', {}],
      ['/api/v1/billing/resume', {}],
      ['/api/v1/billing/change', { pricingId: 'pro-month' }],
      ['/api/v1/billing/portal', {}],
    ] as const) {
      expect((await owner.agent.post(path).send(body).expect(409)).body.error.code).toBe('SUBSCRIPTION_REQUIRED');
    }
  });

  it('opens the customer portal; in test mode that is the subscriptions page', async () => {
    const owner = await signUp('Pia Portal');
    await buy(owner, 'basic-month');
    const { body } = await owner.agent.post('/api/v1/billing/portal').expect(200);
    expect(body).toEqual({ url: 'http://localhost:3000/v1/subscriptions' });
    expect(stripe.callsTo('POST', '/v1/billing_portal/sessions')).toHaveLength(1);
  });

  it('lists the customer’s invoices from Stripe, and without them still answers the plan', async () => {
    const owner = await signUp('Ines Invoice');
    await buy(owner, 'basic-month');
    const { invoices } = await readBilling(owner);
    expect(invoices.length).toBeGreaterThan(0);
    expect(invoices[0]).toMatchObject({ id: expect.stringMatching(/^in_/), total: expect.any(Number) });

    stripe.setDown(true);
    const withoutStripe = await readBilling(owner);
    expect(withoutStripe).toMatchObject({ planId: 'basic', invoices: [] });
  });
});
