// Figures of the plans and card payments (issue 17), through the built api (`npm run build`) in test
// mode against stripe-mock:
// - 200 respondents submitting at once to a team whose plan has 10 submissions left this month: how
//   many were accepted (exactly 10 is right), how long the burst took;
// - 1 000 webhook deliveries, 30 % of them duplicates, in shuffled order, over ten teams that bought a
//   plan through the test checkout: whether each team ends in the right state (its plan, and a failing
//   payment exactly where its newest invoice event is a failure), whether each event was handled once
//   (its id stored once, one notification per failed payment), and deliveries per second.
// Usage: `node bench/billing.mjs`. It starts its own database, stripe-mock and api on free ports of
// 127.0.0.1, sends a bounded number of requests, and stops every process it started.

import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Pool } from 'undici';
import { runOnCurrentNode } from '../scripts/lib/node-runtime.mjs';
import { startBenchRun, startIsolatedApi, testWebhookSecret } from './isolated-api.mjs';
import { apiClient, buyPlan, createPublishedForm, signUp } from './support.mjs';

// On Node 24 like the site it measures (the same re-run as npm start and npm test).
await runOnCurrentNode();

const repoRoot = new URL('..', import.meta.url).pathname;
const Stripe = createRequire(join(repoRoot, 'api', 'package.json'))('stripe');

const respondents = 200;
const placesLeft = 10;
const teams = 10;
const uniqueEvents = 700;
const duplicates = 300;
const webhookConcurrency = 20;

const run = startBenchRun('billing');
const { log } = run;

/** The calendar month (Europe/Berlin) the api counts a plan's submissions in, as billing/team-plan.ts. */
function billingMonthOf(date) {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' });
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}`;
}

async function expectStatus(response, status, what) {
  if (response.status === status) return response.json();
  const body = await response.arrayBuffer();
  throw new Error(`${what} answered ${response.status}: ${Buffer.from(body).toString().slice(0, 300)}`);
}

async function submissionBurst(call, connection) {
  const { teamId, session } = await signUp(call, run.mailDirectory);
  const formId = await createPublishedForm(call, session);
  const billing = await expectStatus(await call('/billing', { session }), 200, 'The plan');
  const allowed = billing.usage.submissionsPerMonth.allowed;
  // The month's submissions before the burst, but for ten.
  await connection.db
    .collection('monthly_submission_counters')
    .updateOne(
      { _id: `${teamId}:${billingMonthOf(new Date())}` },
      { $set: { count: allowed - placesLeft } },
      { upsert: true },
    );
  const served = await expectStatus(await call(`/public/forms/${formId}`), 200, 'The public form');
  // The api counts the minimum fill time (3 s) from its signed start token.
  await new Promise((resolve) => setTimeout(resolve, 3100));
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: respondents }, async () => {
      const response = await call(`/public/forms/${formId}/submissions`, {
        method: 'POST',
        body: {
          answers: { f0: 'Name', f1: 'bench@example.com', f2: 42 },
          idempotencyKey: crypto.randomUUID(),
          startToken: served.startToken,
        },
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const stored = await connection.db.collection('submissions').countDocuments({ teamId });
  return {
    allowed,
    accepted: statuses.filter((status) => status === 201).length,
    refused: statuses.filter((status) => status === 402).length,
    other: statuses.filter((status) => status !== 201 && status !== 402).length,
    stored,
    seconds,
  };
}

/** A team on Basic through the test checkout, with the subscription the checkout made. */
async function buyingTeam(call, connection) {
  const { teamId, session } = await signUp(call, run.mailDirectory);
  await buyPlan(call, session, 'basic-month');
  const billing = await connection.db.collection('team_billing').findOne({ _id: teamId });
  return { teamId, session, subscriptionId: billing.subscriptionId };
}

function shuffle(items) {
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [items[index], items[other]] = [items[other], items[index]];
  }
  return items;
}

/** `uniqueEvents` events over the teams: subscription updates and paid or failed invoices, a second apart. */
function eventsFor(buyers) {
  const now = Math.floor(Date.now() / 1000);
  const kinds = ['customer.subscription.updated', 'invoice.paid', 'invoice.payment_failed'];
  return Array.from({ length: uniqueEvents }, (_, index) => {
    const buyer = buyers[index % buyers.length];
    const type = kinds[Math.floor(Math.random() * kinds.length)];
    const object = type.startsWith('invoice')
      ? {
          id: `in_bench_${index}`,
          object: 'invoice',
          customer: 'cus_bench',
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: buyer.subscriptionId, metadata: null },
          },
        }
      : {
          id: buyer.subscriptionId,
          object: 'subscription',
          customer: 'cus_bench',
          metadata: { teamId: String(buyer.teamId) },
        };
    return {
      teamId: buyer.teamId,
      event: {
        id: `evt_bench_${index}_${randomBytes(4).toString('hex')}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now - uniqueEvents + index,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      },
    };
  });
}

async function webhookDeliveries(apiUrl, call, connection) {
  log(`Ten teams buy Basic through the test checkout …`);
  const buyers = [];
  for (let index = 0; index < teams; index += 1) buyers.push(await buyingTeam(call, connection));
  const events = eventsFor(buyers);
  const deliveries = shuffle([
    ...events,
    ...Array.from({ length: duplicates }, () => events[Math.floor(Math.random() * events.length)]),
  ]);
  log(`Delivering ${deliveries.length} webhooks (${duplicates} duplicates), ${webhookConcurrency} at once …`);
  const pool = new Pool(apiUrl, { connections: webhookConcurrency });
  const outcomes = { handled: 0, duplicate: 0, ignored: 0 };
  const failures = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: webhookConcurrency }, async () => {
      while (next < deliveries.length) {
        const { event } = deliveries[next];
        next += 1;
        const payload = JSON.stringify(event);
        // Signed when sent, as Stripe signs each delivery (a retry too).
        const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: testWebhookSecret });
        const answer = await pool.request({
          path: '/api/v1/billing/webhook',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        });
        const body = await answer.body.json();
        if (answer.statusCode === 200) outcomes[body.outcome] += 1;
        else failures.push(`${answer.statusCode} ${JSON.stringify(body).slice(0, 200)}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();

  // What each team must end in: its plan as bought, and a failing payment exactly where its newest
  // invoice event (by Stripe's `created`, not by arrival) is a failure.
  let rightStates = 0;
  let rightNotices = 0;
  for (const buyer of buyers) {
    const invoices = events
      .filter((entry) => entry.teamId === buyer.teamId && entry.event.type.startsWith('invoice'))
      .map((entry) => entry.event)
      .sort((left, right) => left.created - right.created);
    const isFailing = invoices.at(-1)?.type === 'invoice.payment_failed';
    const billing = await expectStatus(await call('/billing', { session: buyer.session }), 200, 'The plan');
    if (billing.planId === 'basic' && billing.status === 'active' && billing.isPaymentFailing === isFailing) {
      rightStates += 1;
    }
    const failed = invoices.filter((event) => event.type === 'invoice.payment_failed').length;
    const owner = await connection.db.collection('teams').findOne({ teamId: buyer.teamId });
    const notices = await connection.db
      .collection('notifications')
      .countDocuments({ userId: owner.ownerId, type: 'paymentFailed' });
    if (notices === failed) rightNotices += 1;
  }
  const storedEvents = await connection.db
    .collection('stripe_events')
    .countDocuments({ _id: { $in: events.map((entry) => entry.event.id) } });
  return { deliveries: deliveries.length, outcomes, failures, seconds, rightStates, rightNotices, storedEvents };
}

try {
  const { api, connection } = await startIsolatedApi(run);
  const call = apiClient(api.url);

  log(`${respondents} respondents submit at once to a team with ${placesLeft} submissions left this month …`);
  const burst = await submissionBurst(call, connection);
  const webhooks = await webhookDeliveries(api.url, call, connection);

  const rows = [
    {
      figure: `${respondents} concurrent submissions, ${placesLeft} left of ${burst.allowed}: accepted`,
      value: `${burst.accepted} (402: ${burst.refused}, other: ${burst.other}; stored ${burst.stored})`,
      goal: `exactly ${placesLeft}`,
    },
    { figure: '  the burst took', value: `${burst.seconds.toFixed(2)} s`, goal: '–' },
    {
      figure: `${webhooks.deliveries} webhook deliveries (${duplicates} duplicates, shuffled): handled / duplicate`,
      value: `${webhooks.outcomes.handled} / ${webhooks.outcomes.duplicate} (failed: ${webhooks.failures.length})`,
      goal: `${uniqueEvents} / ${duplicates}`,
    },
    {
      figure: '  event ids stored once',
      value: `${webhooks.storedEvents} of ${uniqueEvents}`,
      goal: `${uniqueEvents}`,
    },
    { figure: '  teams in the right final state', value: `${webhooks.rightStates} of ${teams}`, goal: `${teams}` },
    {
      figure: '  teams with one notice per failed payment',
      value: `${webhooks.rightNotices} of ${teams}`,
      goal: `${teams}`,
    },
    {
      figure: '  deliveries per second',
      value: (webhooks.deliveries / webhooks.seconds).toFixed(0),
      goal: '–',
    },
  ];
  console.log('');
  console.table(rows);
  if (webhooks.failures.length > 0) console.log('First failures:', webhooks.failures.slice(0, 3));
} finally {
  await run.stopEverything();
}
