// Figures of the forms issue, printed (the public form page's cold load is in cold-load.mjs):
// submissions ingested per second and p99 latency at 100 concurrent; and over 100 000
// seeded submissions, the table page's p95 and the CSV export's time and the api's peak memory.
// Run against a started site on this machine (`npm start`): `node bench/forms.mjs`. It talks to
// 127.0.0.1 only, sends a bounded number of requests and starts no process of its own.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ports } from '@formwerk/build-config/ports';
import { runOnCurrentNode } from '../scripts/lib/node-runtime.mjs';
import { apiClient, buyPlan, createPublishedForm, measureIngestion, percentile, seedForm, signUp } from './support.mjs';

// On Node 24 like the site it measures (the same re-run as npm start and npm test).
await runOnCurrentNode();

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

const call = apiClient(apiURL);

async function createForm() {
  const { teamId, session } = await signUp(call);
  // Thousands of answers in a month: past Free (the site's payments are in test mode without a Stripe key).
  await buyPlan(call, session, 'business-month');
  return { formId: await createPublishedForm(call, session), teamId, session };
}
async function seed(formId, teamId) {
  const connection = await mongoose.createConnection(mongodbUri, { dbName: databaseName }).asPromise();
  try {
    await seedForm(connection.db, { teamId, formId, total: seededTotal });
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
    const response = await call(`/forms/${formId}/submissions?page=${page}&pageSize=50&sort=${sort}`, { session });
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
  const response = await call(`/forms/${formId}/submissions/export?format=csv`, { session });
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

const { formId, teamId, session } = await createForm();
console.log(`Ingestion (${ingestTotal} submissions, ${ingestConcurrency} at once):`);
const ingestion = await measureIngestion(call, formId, { total: ingestTotal, concurrency: ingestConcurrency });
console.table([
  {
    submissions: ingestion.accepted,
    refused: ingestion.refused,
    concurrency: ingestConcurrency,
    perSecond: Math.round(ingestion.perSecond),
    p99Ms: Math.round(ingestion.p99Ms),
  },
]);
console.log(`Seeding ${seededTotal} submissions …`);
await seed(formId, teamId);
console.log('Table page (50 rows, random pages, sorted by time or a field) and CSV export:');
console.table([await measureTableAndExport(formId, session)]);
