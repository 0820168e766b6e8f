// Figures of the documents issue (16), printed, never asserted. For now one part: the document library
// of a team with 10 000 PDFs: its first page cold (the first request after seeding) and warm (p50/p95
// of 20), page 100, and one search by the start of a word, beside the goal of ≤ 150 ms for the
// first page.
// Usage: `node bench/documents.mjs` (after `cd api && npm run build`; nothing else needs to run). It
// starts its own embedded database (PostgreSQL + FerretDB) and the built api in a temporary directory on
// free ports of 127.0.0.1, sends a bounded number of requests, and stops every process it started (on
// Ctrl-C too).
//
// The library is filled the honest way as far as time allows: BENCH_DOCUMENT_UPLOADS (300) PDFs are
// uploaded through the api (checked, parsed, stored in GridFS, counted), the rest are copies of their
// records in the database, numbered on after them, with the team's counter and storage moved by what
// was copied (as the api would). A copy names its original's file, so the bytes are stored once. The
// table says how many came each way. BENCH_DOCUMENTS=2000 makes a smaller run.

import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { waitForMailFileLink } from '@formwerk/build-config/mail-files';
import { Pool } from 'undici';
import { runOnCurrentNode } from '../scripts/lib/node-runtime.mjs';
import { mongoose, startBenchRun, startIsolatedApi } from './isolated-api.mjs';
import { percentile } from './support.mjs';

// On Node 24 like the site it measures (the same re-run as npm start and npm test).
await runOnCurrentNode();

const repoRoot = new URL('..', import.meta.url).pathname;
const requireOfApi = createRequire(join(repoRoot, 'api', 'package.json'));
const { PDF } = await import(pathToFileURL(requireOfApi.resolve('@libpdf/core')).href);
const { ObjectId } = mongoose.Types;

const documents = Number(process.env.BENCH_DOCUMENTS ?? 10_000);
const uploads = Math.min(documents, Number(process.env.BENCH_DOCUMENT_UPLOADS ?? 300));
const uploadConcurrency = 4;
const samples = 20;
// Copies go in as inserts of this many (an insert passes the database's proxy without a lock).
const copyBatch = 500;
// The page the second measurement reads: the middle of 10 000 documents at 50 a page.
const deepPage = 100;
const searchQuery = 'über';
const run = startBenchRun('documents');
const { log, elapsed } = run;
const round = (value, digits = 0) => (value === undefined ? '–' : Number(value.toFixed(digits)));

// --- the api, with raw bodies for uploads (support.mjs's client sends JSON only) ---

let addressCount = 0;
function client(apiUrl) {
  const pool = new Pool(apiUrl, { connections: 20 });
  run.onStop(() => pool.close());
  return async (path, { method = 'GET', json, bytes, headers = {}, session } = {}) => {
    addressCount += 1;
    const answer = await pool.request({
      path: `/api/v1${path}`,
      method,
      headers: {
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(bytes !== undefined ? { 'content-type': 'application/pdf' } : {}),
        // Each request from an address of its own, as from many browsers (honoured from loopback).
        'x-forwarded-for': `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`,
        ...(session ? { cookie: session.cookies, 'x-csrf-token': session.csrf } : {}),
        ...headers,
      },
      body: json !== undefined ? JSON.stringify(json) : bytes,
    });
    return {
      status: answer.statusCode,
      setCookies: [answer.headers['set-cookie'] ?? []].flat(),
      json: () => answer.body.json(),
      text: () => answer.body.text(),
    };
  };
}

async function expectStatus(answer, status, what) {
  if (answer.status === status) {
    const text = await answer.text();
    return text ? JSON.parse(text) : undefined;
  }
  throw new Error(`${what} answered ${answer.status}: ${(await answer.text()).slice(0, 500)}`);
}

/** A new account (sign-up, then the verification link of its mail file, which signs in). */
async function signUp(call, mailDirectory) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await expectStatus(
    await call('/auth/sign-up', {
      method: 'POST',
      json: { name: 'Bench Owner', email, password: 'bench password 1', locale: 'de' },
    }),
    202,
    'Sign-up',
  );
  const link = await waitForMailFileLink(mailDirectory, { kind: 'verify-email', to: email, timeoutMs: 30_000 });
  const verified = await call(link.replace(/^\/api\/v1/, ''));
  await verified.text();
  if (verified.status !== 303) throw new Error(`The verification link answered ${verified.status}`);
  const jar = Object.fromEntries(verified.setCookies.map((cookie) => cookie.split(';')[0].split('=')));
  const session = { cookies: `token=${jar.token}`, csrf: decodeURIComponent(jar.csrf) };
  const { teamId } = await expectStatus(await call('/auth/session', { session }), 200, 'The session');
  return { teamId, session };
}

// --- the library ---

const kinds = ['Rechnung', 'Vertrag', 'Übersicht', 'Angebot', 'Protokoll', 'Lieferschein', 'Gutachten', 'Präsentation'];
const parties = ['Müller GmbH', 'Schäfer AG', 'Weiß & Söhne', 'Köhler KG', 'Becker', 'Zimmermann', 'Jäger OHG'];
const nameOf = (index) =>
  `${kinds[index % kinds.length]} ${parties[Math.floor(index / kinds.length) % parties.length]} ${2020 + (index % 7)}-${String((index % 12) + 1).padStart(2, '0')} Nr ${index + 1}.pdf`;

/** A small PDF of one to five pages with a line of text on each: a scan of a letter is larger, not harder. */
async function makePdf(index) {
  const pdf = PDF.create();
  for (let page = 0; page < (index % 5) + 1; page += 1) {
    pdf.addPage({ size: 'a4' }).drawText(`${nameOf(index)} – Seite ${page + 1}`, { x: 50, y: 780, fontSize: 12 });
  }
  return Buffer.from(await pdf.save());
}

async function uploadThroughApi(call, owner) {
  const latencies = [];
  let next = 0;
  const sent = performance.now();
  const worker = async () => {
    while (next < uploads) {
      const index = next;
      next += 1;
      const bytes = await makePdf(index);
      const before = performance.now();
      const answer = await call('/documents', {
        method: 'POST',
        bytes,
        headers: { 'x-file-name': encodeURIComponent(nameOf(index)) },
        session: owner.session,
      });
      await expectStatus(answer, 201, `Upload ${index + 1}`);
      latencies.push(performance.now() - before);
    }
  };
  await Promise.all(Array.from({ length: uploadConcurrency }, worker));
  return { seconds: (performance.now() - sent) / 1000, latencies };
}

/**
 * The rest of the library as copies of the uploaded records, numbered on after them (100 numbers a
 * block), with the team's counter and storage moved by what was copied, as the api moves them.
 */
async function copyRecords(db, teamId) {
  const originals = (await db.collection('documents').find({ teamId }).toArray()).sort(
    (left, right) => left.seq - right.seq,
  );
  const counter = await db.collection('document_counters').findOne({ _id: teamId });
  let seq = counter.seq;
  let copied = 0;
  let bytes = 0;
  while (seq < documents) {
    const batch = [];
    for (let index = 0; index < copyBatch && seq < documents; index += 1) {
      // Each upload copied in turn, so every name stands about as often in the library.
      const original = originals[seq % originals.length];
      seq += 1;
      const now = new Date();
      batch.push({
        ...original,
        _id: new ObjectId(),
        seq,
        block: Math.floor((seq - 1) / 100),
        uploadedAt: now,
        updatedAt: now,
      });
      bytes += original.size;
    }
    await db.collection('documents').insertMany(batch, { ordered: false });
    copied += batch.length;
  }
  await db.collection('document_counters').updateOne({ _id: teamId }, { $inc: { seq: copied, count: copied } });
  await db.collection('team_storage').updateOne({ _id: teamId }, { $inc: { usedBytes: bytes } });
  return copied;
}

async function measure(call, owner, path) {
  const timeOnce = async () => {
    const sent = performance.now();
    const body = await expectStatus(await call(path, { session: owner.session }), 200, path);
    return { ms: performance.now() - sent, body };
  };
  const cold = await timeOnce();
  const warm = [];
  for (let sample = 0; sample < samples; sample += 1) warm.push((await timeOnce()).ms);
  return { coldMs: cold.ms, p50Ms: percentile(warm, 0.5), p95Ms: percentile(warm, 0.95), body: cold.body };
}

// --- the run ---

const { mailDirectory } = run;
const results = {};
try {
  const { api, connection } = await startIsolatedApi(run);
  const call = client(api.url);
  const owner = await signUp(call, mailDirectory);

  log(`Uploading ${uploads} PDFs through the api (${uploadConcurrency} at a time) …`);
  const uploaded = await uploadThroughApi(call, owner);
  log(`Copying their records up to ${documents} documents …`);
  const copied = await copyRecords(connection.db, owner.teamId);
  // PostgreSQL's autovacuum gathers the statistics of a quickly filled table within seconds (decision
  // 013); without them a plan intersects every index of a filter. Measured as a user minutes later sees it.
  log('Waiting 15 s for the statistics of the filled collection …');
  await sleep(15_000);

  log('Measuring the first page, page 100 and a search …');
  const first = await measure(call, owner, '/documents?page=1');
  const deep = await measure(call, owner, `/documents?page=${deepPage}`);
  const search = await measure(call, owner, `/documents?q=${encodeURIComponent(searchQuery)}`);
  results.table = [
    {
      read: 'first page',
      listed: first.body.documents.length,
      'of total': first.body.total,
      'cold ms': round(first.coldMs),
      'warm p50 ms': round(first.p50Ms),
      'warm p95 ms': round(first.p95Ms),
      goal: '≤ 150 ms',
    },
    {
      read: `page ${deepPage}`,
      listed: deep.body.documents.length,
      'of total': deep.body.total,
      'cold ms': round(deep.coldMs),
      'warm p50 ms': round(deep.p50Ms),
      'warm p95 ms': round(deep.p95Ms),
      goal: 'as page 1',
    },
    {
      read: `search "${searchQuery}"${search.body.search?.isIncomplete ? ' (incomplete)' : ''}`,
      listed: search.body.documents.length,
      'of total': search.body.total,
      'cold ms': round(search.coldMs),
      'warm p50 ms': round(search.p50Ms),
      'warm p95 ms': round(search.p95Ms),
      goal: '',
    },
  ];
  results.seeding = {
    'documents in all': first.body.total,
    'uploaded through the api / copied records': `${uploads} / ${copied}`,
    'uploads per s': round(uploads / uploaded.seconds, 1),
    'upload p50 / p95 ms': `${round(percentile(uploaded.latencies, 0.5))} / ${round(percentile(uploaded.latencies, 0.95))}`,
    'storage used MB': round(first.body.storage.usedBytes / 1024 / 1024, 1),
  };
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  log('Stopping the api and the database …');
  await run.stopEverything();
}

if (results.table) {
  console.log(`\nThe document library (${elapsed()} in all), issue 16:`);
  console.table([results.seeding]);
  console.table(results.table);
}
