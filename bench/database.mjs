// Figures of the database issue, printed side by side for the embedded default (FerretDB on
// PostgreSQL) and the earlier SQLite default, in one run, through the built api (`npm run build`):
// - one team's submissions page with its count in a collection of 20 000 rows over 100 teams;
// - a form of 100 000 submissions: page 1, page 1000 and its count, the CSV export of all rows (before
//   and after its blocks are sealed) with the api's peak memory;
// - public submissions at 100 concurrent respondents: stored per second, p99, lost; the first 1 000
//   sent to the freshly started api, then the next 1 000.
// Usage: `node bench/database.mjs` (add `postgresql` or `sqlite` to run one engine, `--ingestion` to
// measure only the public submissions). It starts its
// own databases and api on free ports of 127.0.0.1, sends a bounded number of requests, and stops
// every process it started.

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiNodeArguments } from '@formwerk/build-config/api-process';
import {
  findFreePort,
  startEmbeddedDatabase,
  startFerretdb,
  waitForPort,
} from '@formwerk/build-config/embedded-database';
import { startStripeMock } from '@formwerk/build-config/stripe-mock';
import { runOnCurrentNode } from '../scripts/lib/node-runtime.mjs';
import { apiClient, buyPlan, createPublishedForm, measureIngestion, percentile, seedForm, signUp } from './support.mjs';

// On Node 24 like the site it measures (the same re-run as npm start and npm test).
await runOnCurrentNode();

const repoRoot = new URL('..', import.meta.url).pathname;
const mongoose = createRequire(join(repoRoot, 'api', 'package.json'))('mongoose');
const { ObjectId } = mongoose.Types;

const teamsTotal = 100;
const teamRowsTotal = 20_000;
const formRowsTotal = 100_000;
const ingestTotal = 1000;
const ingestConcurrency = 100;
const pageSize = 100;
// Numbers per block of submissions (api/src/modules/submissions/submission-numbering.ts).
const blockSize = 100;
const samples = Number(process.env.BENCH_SAMPLES ?? 5);
const databaseName = 'bench';

const median = (values) => percentile(values, 0.5);

/** The engines side by side: each starts a database in a directory of its own. */
const engines = {
  postgresql: (port, directory) => startEmbeddedDatabase({ port, dataDirectory: directory, log: () => {} }),
  sqlite: (port, directory) => {
    mkdirSync(join(directory, 'sqlite'));
    return startFerretdb(port, ['--handler', 'sqlite', '--sqlite-url', `file:${join(directory, 'sqlite')}/`]);
  },
};

async function startApi(mongodbUri, directory) {
  // Payments in test mode, as `npm start` has them: the owner buys the plan its thousands of answers need.
  const stripeMock = await startStripeMock({ port: await findFreePort() });
  const port = await findFreePort();
  const child = spawn(process.execPath, [...apiNodeArguments, 'dist/server.cjs'], {
    cwd: join(repoRoot, 'api'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      MONGODB_URI: mongodbUri,
      MONGODB_DB_NAME: databaseName,
      MAIL_DIR: join(directory, 'mail'),
      // Each simulated respondent comes from an address of its own (X-Forwarded-For from loopback).
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'error',
      STRIPE_API_URL: stripeMock.url,
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_WEBHOOK_SECRET: 'whsec_formwerk_bench',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await waitForPort(port, { timeoutMs: 60_000 });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
        await exited;
      }
      await stripeMock.stop();
    },
  };
}

/**
 * Times `samples` requests of a path and returns the median; a request the api refuses (e.g. 503 when
 * the database ran past the query time limit) ends the sampling and is reported by its status.
 */
async function timeRequests(call, path, session, count = samples) {
  const durations = [];
  let body;
  for (let sample = 0; sample < count; sample += 1) {
    const sent = performance.now();
    const response = await call(path, { session });
    const elapsed = performance.now() - sent;
    body = await response.json();
    if (response.status !== 200) return { ms: `${response.status} after ${Math.round(elapsed)} ms`, body: {} };
    durations.push(elapsed);
  }
  return { ms: Math.round(median(durations)), body };
}

function residentKilobytes(pid) {
  return Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
}

/** The export is cut after this long (the SQLite engine reads every block by a scan). */
const exportLimitMs = 180_000;

function csvSeconds({ isCut, isBroken, seconds }) {
  if (isCut) return `> ${exportLimitMs / 1000} (cut)`;
  if (isBroken) return `ended by the api after ${seconds.toFixed(1)}`;
  return Number(seconds.toFixed(1));
}

async function measureExport(call, api, formId, session) {
  const before = residentKilobytes(api.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentKilobytes(api.pid));
  }, 20);
  const started = performance.now();
  let lines = 0;
  let isCut = false;
  let isBroken = false;
  try {
    const response = await call(`/forms/${formId}/submissions/export?format=csv`, {
      session,
      signal: AbortSignal.timeout(exportLimitMs),
    });
    for await (const chunk of response.body) for (const byte of chunk) if (byte === 10) lines += 1;
  } catch (error) {
    // Cut by us after the limit, or ended by the api halfway (e.g. a block read past its time limit).
    if (error.name === 'TimeoutError' || error.name === 'AbortError' || error.code === 'UND_ERR_ABORTED') {
      isCut = true;
    } else {
      isBroken = true;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds,
    isCut,
    isBroken,
    rows: Math.max(0, lines - 1),
    rssBeforeMb: Math.round(before / 1024),
    peakRssMb: Math.round(peak / 1024),
  };
}

/** Waits (two minutes at most) for the api's job to seal the blocks of a form (100 rows each). */
async function waitForSealedBlocks(db, formId, blocks) {
  const started = performance.now();
  const deadline = Date.now() + 120_000;
  let sealed = 0;
  while (Date.now() < deadline) {
    sealed = await db.collection('sealed_submission_blocks').countDocuments({ formId: new ObjectId(formId) });
    if (sealed >= blocks) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { sealed, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) };
}

/** 20 000 rows over 100 teams: the measured team's form holds its share, 99 other teams the rest. */
async function seedTeams(db, { teamId, formId }) {
  const perTeam = teamRowsTotal / teamsTotal;
  await seedForm(db, { teamId, formId, total: perTeam });
  for (let other = 1; other < teamsTotal; other += 1) {
    await seedForm(db, { teamId: 1_000_000 + other, formId: new ObjectId().toString(), total: perTeam });
  }
}

async function runEngine(engine) {
  const directory = mkdtempSync(join(tmpdir(), `formwerk-bench-${engine}-`));
  const database = await engines[engine](await findFreePort(), directory);
  const api = await startApi(database.uri, directory);
  const connection = await mongoose.createConnection(database.uri, { dbName: databaseName }).asPromise();
  const call = apiClient(api.url);
  try {
    console.log(`\n[${engine}] ingestion: twice ${ingestTotal} public submissions, ${ingestConcurrency} at once …`);
    const owner = await signUp(call, join(directory, 'mail'));
    await buyPlan(call, owner.session, 'business-month');
    const ingestFormId = await createPublishedForm(call, owner.session);
    // A fresh api meets its first burst with code not yet optimized by the JIT and connections still
    // to open; one that has run a while meets the next as a server in service does. Both are printed.
    const cold = await measureIngestion(call, ingestFormId, { total: ingestTotal, concurrency: ingestConcurrency });
    const warm = await measureIngestion(call, ingestFormId, { total: ingestTotal, concurrency: ingestConcurrency });
    const stored = await connection.db.collection('submissions').countDocuments({ formId: new ObjectId(ingestFormId) });
    const ingestionFigures = {
      'stored/s': Math.round(warm.perSecond),
      'p50 ms': Math.round(warm.p50Ms),
      'p99 ms': Math.round(warm.p99Ms),
      'fresh api: stored/s, p99 ms': `${Math.round(cold.perSecond)}, ${Math.round(cold.p99Ms)}`,
      lost: cold.accepted + warm.accepted - stored,
      refused: cold.refused + warm.refused,
    };
    if (isIngestionOnly) return { engine, ...ingestionFigures };

    console.log(`[${engine}] seeding ${teamRowsTotal} rows over ${teamsTotal} teams …`);
    const teamMember = await signUp(call, join(directory, 'mail'));
    const teamFormId = await createPublishedForm(call, teamMember.session);
    await seedTeams(connection.db, { teamId: teamMember.teamId, formId: teamFormId });
    const teamPage = await timeRequests(call, `/submissions?page=1&pageSize=${pageSize}`, teamMember.session);

    console.log(`[${engine}] seeding a form of ${formRowsTotal} submissions …`);
    const bigFormId = await createPublishedForm(call, owner.session);
    await seedForm(connection.db, { teamId: owner.teamId, formId: bigFormId, total: formRowsTotal });
    const base = `/forms/${bigFormId}/submissions?pageSize=${pageSize}&sort=createdAt&order=desc`;
    const firstPage = await timeRequests(call, `${base}&page=1`, owner.session);
    const lastPage = await timeRequests(call, `${base}&page=${formRowsTotal / pageSize}`, owner.session);
    const formList = await timeRequests(call, '/forms?page=1&pageSize=20', owner.session);
    // The seeded rows came in around the api, so no block of them is sealed yet (sealed-blocks.ts), as
    // with rows stored before the sealed copies: the first export reads them row by row and has them
    // sealed in the background afterwards. Rows stored through the api are sealed as their blocks fill.
    console.log(`[${engine}] CSV export of ${formRowsTotal} rows, blocks not sealed yet …`);
    const unsealed = await measureExport(call, api, bigFormId, owner.session);
    const sealing = await waitForSealedBlocks(connection.db, bigFormId, formRowsTotal / blockSize);
    console.log(`[${engine}] CSV export of ${formRowsTotal} rows, ${sealing.sealed} blocks sealed …`);
    const exported = await measureExport(call, api, bigFormId, owner.session);
    return {
      engine,
      'team page+count ms': teamPage.ms,
      'team total': teamPage.body.total,
      'form page 1 ms': firstPage.ms,
      'form page 1000 ms': lastPage.ms,
      'form total': firstPage.body.total,
      'forms list with counts ms': formList.ms,
      'CSV s unsealed': csvSeconds(unsealed),
      'api RSS MB before, peak unsealed': `${unsealed.rssBeforeMb}, ${unsealed.peakRssMb}`,
      'sealed in s': sealing.seconds,
      'CSV s': csvSeconds(exported),
      'CSV rows': exported.rows,
      'api RSS MB before, peak': `${exported.rssBeforeMb}, ${exported.peakRssMb}`,
      ...ingestionFigures,
    };
  } finally {
    await connection.close();
    await api.stop();
    await database.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

const isIngestionOnly = process.argv.includes('--ingestion');
const chosen = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
const results = [];
for (const engine of chosen.length > 0 ? chosen : ['postgresql', 'sqlite']) {
  results.push(await runEngine(engine));
  console.table([results.at(-1)]);
}
console.log('\nGoals: team page+count ≤ 50 ms; form page 1, page 1000, count ≤ 150 ms; CSV ≤ 10 s and ≤ 250 MB;');
console.log('ingestion ≥ 200 stored/s, p99 ≤ 1000 ms, 0 lost (stored/s, p50 and p99 of the api in service; the fresh');
console.log("api's first burst beside them).");
console.table(results);
