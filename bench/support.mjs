// What the benchmarks share: a client of the api whose every request comes from an address of its
// own (X-Forwarded-For, honoured from loopback with TRUST_PROXY=loopback), an account, a published
// 20-field form, the ingestion run of public submissions, and submissions seeded in bulk.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { waitForMailFileLink } from '@formwerk/build-config/mail-files';
import { Pool } from 'undici';
import { dataDir } from '../scripts/lib/paths.mjs';

const { ObjectId } = createRequire(new URL('../api/package.json', import.meta.url))('mongoose').Types;

let addressCount = 0;
const nextAddress = () => {
  addressCount += 1;
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
};

export function percentile(values, share) {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

/**
 * `call(path, { method, body, session, signal })` against `${apiUrl}/api/v1`, answering like fetch
 * (status, json(), arrayBuffer(), headers.getSetCookie(), body to iterate). It sends with undici's
 * pool rather than fetch, which costs the client several times the CPU per request: on two cores the
 * client shares with the api and the database, and its overhead is not the product's.
 */
export function apiClient(apiUrl) {
  // As many connections as the ingestion sends at once: none is opened halfway through.
  const pool = new Pool(apiUrl, { connections: 100 });
  return async (path, { method = 'GET', body, session, signal } = {}) => {
    const answer = await pool.request({
      path: `/api/v1${path}`,
      method,
      signal,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': nextAddress(),
        ...(session ? { cookie: session.cookies, 'x-csrf-token': session.csrf } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: answer.statusCode,
      headers: { getSetCookie: () => [answer.headers['set-cookie'] ?? []].flat() },
      body: answer.body,
      json: () => answer.body.json(),
      arrayBuffer: () => answer.body.arrayBuffer(),
    };
  };
}

/**
 * A new account: sign-up, then the link of the verification mail the api kept as a file in
 * `mailDirectory` (an api without SMTP_URL), which signs in. Returns its team and the cookies and
 * CSRF token of its session.
 */
export async function signUp(call, mailDirectory = join(dataDir, 'mail')) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const response = await call('/auth/sign-up', {
    method: 'POST',
    body: { name: 'Bench', email, password: 'bench password 1' },
  });
  if (response.status !== 202) throw new Error(`Sign-up answered ${response.status}`);
  const link = await waitForMailFileLink(mailDirectory, { kind: 'verify-email', to: email });
  const verified = await call(link.replace(/^\/api\/v1/, ''));
  if (verified.status !== 303) throw new Error(`The verification link answered ${verified.status}`);
  const jar = Object.fromEntries(verified.headers.getSetCookie().map((cookie) => cookie.split(';')[0].split('=')));
  const session = { cookies: `token=${jar.token}`, csrf: decodeURIComponent(jar.csrf) };
  const { teamId } = await (await call('/auth/session', { session })).json();
  return { teamId, session };
}

/**
 * Buys `pricingId` for the signed-in team of `session` as a person does in test mode (an api whose
 * payments go to stripe-mock): the checkout, then the test page's payment, whose Stripe event goes
 * through the api's webhook handling. For runs past what Free allows (forms, monthly submissions).
 */
export async function buyPlan(call, session, pricingId) {
  const checkout = await call('/billing/checkout', { method: 'POST', body: { pricingId }, session });
  if (checkout.status !== 201) throw new Error(`The checkout answered ${checkout.status}: ${await checkout.text()}`);
  const sessionId = new URL((await checkout.json()).url).searchParams.get('session_id');
  const paid = await call('/billing/test-checkout', { method: 'POST', body: { sessionId }, session });
  if (paid.status !== 200) throw new Error(`The test payment answered ${paid.status}: ${await paid.text()}`);
}

/** A published form of 20 fields (short text, email, number, long text, date; three required). */
export async function createPublishedForm(call, session) {
  const form = await (await call('/forms', { method: 'POST', body: { title: 'Bench' }, session })).json();
  const types = ['shortText', 'email', 'number', 'longText', 'date'];
  const fields = Array.from({ length: 20 }, (_, index) => ({
    id: `f${index}`,
    type: types[index % types.length],
    label: `Frage ${index + 1}`,
    required: index < 3,
  }));
  const definition = { title: 'Zwanzig Fragen', language: 'de', pages: [{ id: 'p1', fields }] };
  const saved = await call(`/forms/${form.id}`, { method: 'PUT', body: { version: 1, definition }, session });
  if (saved.status !== 200) throw new Error(`Saving the form answered ${saved.status}`);
  const published = await call(`/forms/${form.id}/publish`, { method: 'POST', session });
  if (published.status !== 200) throw new Error(`Publishing answered ${published.status}`);
  return form.id;
}

/** `total` public submissions, `concurrency` at once; refusals are counted, not thrown. */
export async function measureIngestion(call, formId, { total, concurrency }) {
  const served = await (await call(`/public/forms/${formId}`)).json();
  // The api counts the minimum fill time (3 s) from its signed start token.
  await new Promise((resolve) => setTimeout(resolve, 3100));
  const latencies = [];
  let next = 0;
  let refused = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const sent = performance.now();
        const response = await call(`/public/forms/${formId}/submissions`, {
          method: 'POST',
          body: {
            answers: { f0: 'Name', f1: 'bench@example.com', f2: 42 },
            idempotencyKey: crypto.randomUUID(),
            startToken: served.startToken,
          },
        });
        await response.arrayBuffer();
        if (response.status === 201) latencies.push(performance.now() - sent);
        else refused += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    accepted: latencies.length,
    refused,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  };
}

const blockSize = 100;
const blockOf = (seq) => Math.floor((seq - 1) / blockSize);

/**
 * Inserts `total` submissions of a form straight into the database, numbered as the api numbers them
 * (per form `seq`/`block`, per team `teamSeq`/`teamBlock`), and raises the form's and the team's
 * counters to match: 100 000 through the public link would take minutes.
 */
export async function seedForm(
  db,
  { teamId, formId, total, answersOf = (seq) => ({ f0: `Person ${seq}`, f2: seq % 1000 }) },
) {
  const counters = db.collection('team_submission_counters');
  const teamStart = (await counters.findOne({ _id: teamId }))?.seq ?? 0;
  const now = Date.now();
  const batchSize = 2000;
  for (let offset = 0; offset < total; offset += batchSize) {
    const rows = [];
    for (let seq = offset + 1; seq <= Math.min(total, offset + batchSize); seq += 1) {
      const teamSeq = teamStart + seq;
      rows.push({
        formId: new ObjectId(formId),
        teamId,
        formVersion: 2,
        answers: answersOf(seq),
        idempotencyKey: `seed-${seq}`,
        reference: null,
        score: null,
        seq,
        block: blockOf(seq),
        teamSeq,
        teamBlock: blockOf(teamSeq),
        createdAt: new Date(now - (total - seq) * 1000),
      });
    }
    await db.collection('submissions').insertMany(rows, { ordered: false });
  }
  await db.collection('form_counters').updateOne(
    { _id: new ObjectId(formId) },
    {
      $inc: { seq: total, count: total },
      $setOnInsert: { teamId, deletedPerBlock: {}, days: {}, referenceSeq: 0, hasScores: false, revision: 0 },
    },
    { upsert: true },
  );
  await counters.updateOne(
    { _id: teamId },
    { $inc: { seq: total, count: total }, $setOnInsert: { deletedPerBlock: {}, days: {} } },
    { upsert: true },
  );
}
