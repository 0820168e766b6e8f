// Figures of the forms issue, printed: the public form page's cold load (gzip JS, requests, LCP) for a
// 20-field form; submissions ingested per second and p99 latency at 100 concurrent; and over 100 000
// seeded submissions, the table page's p95 and the CSV export's time and the api's peak memory.
// Run against a started site on this machine (`npm start`): `node bench/forms.mjs`. It talks to
// 127.0.0.1 only, sends a bounded number of requests and starts no process of its own.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, chromiumPath } from '@formwerk/build-config/chromium';
import { ports } from '@formwerk/build-config/ports';
import { chromium } from '@playwright/test';

const baseURL = process.env.BASE_URL ?? `http://localhost:${ports.shell}`;
// The api is asked directly (as the shell's proxy does), so each simulated respondent can come from an
// address of its own: the per-IP limits of the public link stay in force for each of them.
const apiURL = process.env.API_URL ?? `http://127.0.0.1:${ports.api}`;
// The api's own Mongoose, to seed rows in bulk.
const mongoose = createRequire(new URL('../api/package.json', import.meta.url))('mongoose');
const mongodbUri = process.env.MONGODB_URI ?? `mongodb://127.0.0.1:${ports.database}`;
const databaseName = process.env.MONGODB_DB_NAME ?? 'formwerk';

const ingestTotal = 2000;
const ingestConcurrency = 100;
const seededTotal = 100_000;
const tableSamples = 40;

let addressCount = 0;
const nextAddress = () => {
  addressCount += 1;
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
};

function percentile(values, share) {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

async function call(path, { method = 'GET', body, cookies = '', csrf = '' } = {}) {
  const response = await fetch(`${apiURL}/api/v1${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': nextAddress(),
      ...(cookies ? { Cookie: cookies } : {}),
      ...(csrf ? { 'X-CSRF-Token': csrf } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response;
}

async function createPublishedForm() {
  const email = `bench-${Date.now()}@example.com`;
  const signUp = await call('/auth/sign-up', {
    method: 'POST',
    body: { name: 'Bench', email, password: 'bench password 1' },
  });
  if (signUp.status !== 201) throw new Error(`Sign-up answered ${signUp.status}`);
  const { teamId } = await signUp.json();
  const jar = Object.fromEntries(signUp.headers.getSetCookie().map((cookie) => cookie.split(';')[0].split('=')));
  const session = { cookies: `token=${jar.token}`, csrf: decodeURIComponent(jar.csrf) };
  const form = await (await call('/forms', { method: 'POST', body: { title: 'Bench' }, ...session })).json();
  const types = ['shortText', 'email', 'number', 'longText', 'date'];
  const fields = Array.from({ length: 20 }, (_, index) => ({
    id: `f${index}`,
    type: types[index % types.length],
    label: `Frage ${index + 1}`,
    required: index < 3,
  }));
  const definition = { title: 'Zwanzig Fragen', language: 'de', pages: [{ id: 'p1', fields }] };
  await call(`/forms/${form.id}`, { method: 'PUT', body: { version: 1, definition }, ...session });
  await call(`/forms/${form.id}/publish`, { method: 'POST', ...session });
  return { formId: form.id, teamId, session };
}

async function measureColdLoad(formId) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  try {
    const page = await (await browser.newContext()).newPage();
    const scripts = [];
    let requests = 0;
    page.on('request', () => {
      requests += 1;
    });
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.body());
    });
    await page.goto(`${baseURL}/form/${formId}`, { waitUntil: 'networkidle' });
    const lcpMs = await page.evaluate(
      () =>
        new Promise((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? 0)).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          });
        }),
    );
    return {
      requests,
      jsGzipBytes: scripts.reduce((sum, body) => sum + gzipSync(body).length, 0),
      lcpMs: Math.round(lcpMs),
    };
  } finally {
    await browser.close();
  }
}

async function measureIngestion(formId) {
  const served = await (await call(`/public/forms/${formId}`)).json();
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: ingestConcurrency }, async () => {
      while (next < ingestTotal) {
        next += 1;
        const sent = performance.now();
        const response = await call(`/public/forms/${formId}/submissions`, {
          method: 'POST',
          body: {
            answers: { f0: 'Name', f1: 'bench@example.com', f2: 42 },
            idempotencyKey: crypto.randomUUID(),
            startedAt: served.servedAt - 5000,
          },
        });
        if (response.status !== 201) throw new Error(`A submission answered ${response.status}`);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    submissions: ingestTotal,
    concurrency: ingestConcurrency,
    perSecond: Math.round(ingestTotal / seconds),
    p99Ms: Math.round(percentile(latencies, 0.99)),
  };
}

async function seed(formId, teamId) {
  const connection = await mongoose.createConnection(mongodbUri, { dbName: databaseName }).asPromise();
  try {
    const submissions = connection.db.collection('submissions');
    const batchSize = 2000;
    for (let offset = 0; offset < seededTotal; offset += batchSize) {
      await submissions.insertMany(
        Array.from({ length: batchSize }, (_, index) => ({
          formId: new mongoose.Types.ObjectId(formId),
          teamId,
          formVersion: 2,
          idempotencyKey: `seed-${offset + index}`,
          answers: {
            f0: `Person ${offset + index}`,
            f1: `p${offset + index}@example.com`,
            f2: (offset + index) % 1000,
          },
          createdAt: new Date(Date.now() - (offset + index) * 1000),
        })),
        { ordered: false },
      );
    }
  } finally {
    await connection.close();
  }
}

function apiProcessId() {
  const output = execFileSync('ss', ['-ltnpH', `sport = :${ports.api}`], { encoding: 'utf8' });
  const match = output.match(/pid=(\d+)/);
  if (!match) throw new Error('No api process listens on its port');
  return Number(match[1]);
}

function residentKilobytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
}

async function measureTableAndExport(formId, session) {
  const latencies = [];
  for (let sample = 0; sample < tableSamples; sample += 1) {
    const page = 1 + Math.floor(Math.random() * 200);
    const sort = sample % 2 === 0 ? 'createdAt' : 'f0';
    const sent = performance.now();
    const response = await call(`/forms/${formId}/submissions?page=${page}&pageSize=50&sort=${sort}`, session);
    if (response.status !== 200) throw new Error(`The table answered ${response.status}`);
    await response.arrayBuffer();
    latencies.push(performance.now() - sent);
  }

  const pid = apiProcessId();
  const baseline = residentKilobytes(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentKilobytes(pid));
  }, 20);
  const started = performance.now();
  const response = await call(`/forms/${formId}/submissions/export?format=csv`, session);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  const exportSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return {
    tableP95Ms: Math.round(percentile(latencies, 0.95)),
    csvRows: seededTotal,
    csvMegabytes: Number((bytes / 1e6).toFixed(1)),
    csvSeconds: Number(exportSeconds.toFixed(1)),
    apiPeakRssGrowthMb: Number(((peak - baseline) / 1024).toFixed(1)),
  };
}

const { formId, teamId, session } = await createPublishedForm();
console.log('Public form page, cold load of a 20-field form:');
console.table([await measureColdLoad(formId)]);
console.log(`Ingestion (${ingestTotal} submissions, ${ingestConcurrency} at once):`);
console.table([await measureIngestion(formId)]);
console.log(`Seeding ${seededTotal} submissions …`);
await seed(formId, teamId);
console.log('Table page (50 rows, random pages, sorted by time or a field) and CSV export:');
console.table([await measureTableAndExport(formId, session)]);
