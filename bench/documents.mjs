// Figures of the documents issue (16), printed, never asserted. Two parts (BENCH_PART=library or
// signing runs one of them):
// - the document library of a team with 10 000 PDFs: its first page cold (the first request after
//   seeding) and warm (p50/p95 of 20), page 100, and one search by the start of a word, beside the
//   issue's goal of ≤ 150 ms for the first page;
// - signing: 50 documents sent to a signer each, and one document sent to 50 signers of one stage; in
//   both the 50 signers, verified by their mailed codes, sign at the same moment. Printed: the answers'
//   times, the time until every request is sealed, the api's peak memory, whether every sealed PDF is
//   valid (Debian's pdfsig and qpdf) and whether each trail holds every event exactly once, chained.
// (The seal of one 20-page PDF alone is measured by bench/sealing.mjs.)
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

import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
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
const part = process.env.BENCH_PART ?? 'all';
const signers = 50;
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
      bytes: async () => Buffer.from(await answer.body.arrayBuffer()),
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

/** The library part: seeds the team's library, then reads it. */
async function benchLibrary(call, owner, connection) {
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
}

// --- signing ---

const execFileAsync = promisify(execFile);

/** Undoes quoted-printable, as the mail files are written. */
const decodeQuotedPrintable = (text) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The texts of the `kind` mails to `to` so far, oldest first. */
function mailTexts(kind, to) {
  const directory = run.mailDirectory;
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((file) => file.includes(`-${kind}-`) && file.endsWith('.eml'))
    .sort()
    .map((file) => decodeQuotedPrintable(readFileSync(join(directory, file), 'utf8')))
    .filter((text) => text.includes(to));
}

async function waitFor(find, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No ${what} within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** A contract of three pages, the signer's fields on its last. */
async function makeContract(title) {
  const pdf = PDF.create();
  for (let page = 0; page < 3; page += 1) {
    pdf.addPage({ size: 'a4' }).drawText(`${title} – Seite ${page + 1} von 3`, { x: 50, y: 780, fontSize: 12 });
  }
  return Buffer.from(await pdf.save());
}

/** A signer's four fields, in a row of their own on the last page (`row` of up to 50). */
function fieldsOf(roleId, row) {
  const y = 0.02 + row * 0.0192;
  const box = (id, kind, x, width, extra = {}) => ({
    id: `${roleId}-${id}`,
    page: 2,
    x,
    y,
    width,
    height: 0.017,
    kind,
    roleId,
    required: true,
    ...extra,
  });
  return [
    box('name', 'name', 0.05, 0.25),
    box('date', 'date', 0.32, 0.15),
    box('agree', 'checkbox', 0.5, 0.03),
    box('signature', 'signature', 0.56, 0.3),
  ];
}

// A drawn signature as a browser sends it: a small PNG (the sealing tests' fixture).
const signaturePng = readFileSync(
  join(repoRoot, 'api', 'src', 'modules', 'documents', 'sealing', 'fixtures', 'signature.png'),
).toString('base64');
const today = new Date().toISOString().slice(0, 10);
const valuesOf = (roleId, name) => ({
  [`${roleId}-name`]: name,
  [`${roleId}-date`]: today,
  [`${roleId}-agree`]: true,
  [`${roleId}-signature`]: { png: signaturePng },
});

/** The signer's link from their invitation, a code from its mail, and the cookie that proves it. */
async function verifySigner(call, signer) {
  const link = await waitFor(
    () => mailTexts('signing-requested', signer.email)[0]?.match(/https?:\/\/[^\s"<>]+/)?.[0],
    `invitation to ${signer.email}`,
  );
  signer.token = new URL(link).searchParams.get('token');
  const headers = { 'x-forwarded-for': signer.address };
  await expectStatus(await call(`/signing/${signer.token}/code`, { method: 'POST', json: {}, headers }), 202, 'Code');
  const code = await waitFor(
    () => mailTexts('signing-code', signer.email)[0]?.match(/code: (\d{6})/i)?.[1],
    `code to ${signer.email}`,
  );
  const verified = await call(`/signing/${signer.token}/verify`, { method: 'POST', json: { code }, headers });
  await expectStatus(verified, 200, 'Verification');
  signer.cookie = verified.setCookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

/** Peak resident memory of a process so far (VmHWM), in MB. */
const peakRssMb = (pid) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

/** Debian's pdfsig (read: it exits 0 whatever it finds) and qpdf --check on a sealed copy. */
async function checkSealed(bytes, name) {
  const file = join(run.directory, `${name}.pdf`);
  writeFileSync(file, bytes);
  const { stdout } = await execFileAsync('/usr/bin/pdfsig', [file]).catch((error) => error);
  const validations = [...String(stdout).matchAll(/Signature Validation: (.+)$/gm)].map((match) => match[1].trim());
  const qpdf = await execFileAsync('/usr/bin/qpdf', ['--check', file]).then(
    () => true,
    () => false,
  );
  return validations.length === 1 && validations[0] === 'Signature is Valid.' && qpdf;
}

/** Each kind of event as often as it must be, seq 1..n, the chain verified. */
function checkTrail(detail, signerCount) {
  const count = (type) => detail.events.filter((event) => event.type === type).length;
  const expected = {
    sent: 1,
    codeSent: signerCount,
    verified: signerCount,
    signed: signerCount,
    sealed: 1,
    completed: 1,
  };
  const isCounted = Object.entries(expected).every(([type, times]) => count(type) === times);
  const isNumbered = detail.events.every((event, index) => event.seq === index + 1);
  const signedBy = new Set(detail.events.filter((event) => event.type === 'signed').map((event) => event.data.email));
  return { isWhole: isCounted && isNumbered && signedBy.size === signerCount, isChained: detail.chain.isValid };
}

/**
 * `documentCount` documents, each sent to `signers / documentCount` signers of one stage; every signer
 * verified; then all sign at once. Answers the figures of one row.
 */
async function signAtOnce(call, owner, api, documentCount) {
  const perDocument = signers / documentCount;
  const requests = [];
  for (let index = 0; index < documentCount; index += 1) {
    const title = `Vertrag ${index + 1} (${documentCount} × ${perDocument})`;
    const upload = await expectStatus(
      await call('/documents', {
        method: 'POST',
        bytes: await makeContract(title),
        headers: { 'x-file-name': encodeURIComponent(`${title}.pdf`) },
        session: owner.session,
      }),
      201,
      'Upload',
    );
    const people = Array.from({ length: perDocument }, (_unused, person) => {
      const number = requests.length * perDocument + person + 1;
      return {
        roleId: `s${person + 1}`,
        name: `Signer ${number}`,
        email: `signer-${documentCount}-${number}@example.com`,
        address: `10.200.${documentCount}.${number}`,
      };
    });
    const sent = await expectStatus(
      await call('/signing-requests', {
        method: 'POST',
        session: owner.session,
        json: {
          title,
          source: {
            kind: 'document',
            documentId: upload.id,
            roles: people.map((person) => ({ id: person.roleId, name: person.roleId, kind: 'signer', order: 1 })),
            fields: people.flatMap((person, row) => fieldsOf(person.roleId, row)),
          },
          recipients: people.map(({ roleId, name, email }) => ({ roleId, name, email })),
        },
      }),
      201,
      'Sending',
    );
    requests.push({ id: sent.id, people });
  }
  const everyone = requests.flatMap((request) => request.people);
  for (let next = 0; next < everyone.length; next += 10) {
    await Promise.all(everyone.slice(next, next + 10).map((signer) => verifySigner(call, signer)));
  }

  const started = performance.now();
  const answers = await Promise.all(
    everyone.map(async (signer) => {
      const sent = performance.now();
      const answer = await call(`/signing/${signer.token}/sign`, {
        method: 'POST',
        json: { values: valuesOf(signer.roleId, signer.name) },
        headers: { 'x-forwarded-for': signer.address, cookie: signer.cookie },
      });
      await answer.text();
      return { status: answer.status, ms: performance.now() - sent };
    }),
  );
  const lastAnswerMs = performance.now() - started;
  let details = [];
  for (;;) {
    details = await Promise.all(
      requests.map(async ({ id }) =>
        expectStatus(await call(`/signing-requests/${id}`, { session: owner.session }), 200, 'Detail'),
      ),
    );
    const open = details.filter((detail) => detail.status !== 'completed');
    if (open.length === 0) break;
    if (open.some((detail) => !['sent', 'sealing'].includes(detail.status)) || performance.now() - started > 300_000) {
      throw new Error(`Requests not completed: ${open.map((detail) => detail.status).join(', ')}`);
    }
    await sleep(250);
  }
  const allSealedMs = performance.now() - started;

  let valid = 0;
  let whole = 0;
  let chained = 0;
  for (const [index, { people }] of requests.entries()) {
    const signed = await call(`/signing/${people[0].token}/signed`, {
      headers: { 'x-forwarded-for': people[0].address },
    });
    if (signed.status !== 200) throw new Error(`The signed copy answered ${signed.status}`);
    if (await checkSealed(await signed.bytes(), `sealed-${documentCount}-${index}`)) valid += 1;
    const trail = checkTrail(details[index], people.length);
    if (trail.isWhole) whole += 1;
    if (trail.isChained) chained += 1;
  }
  const times = answers.map((answer) => answer.ms);
  return {
    shape: `${documentCount} × ${perDocument} signer${perDocument > 1 ? 's' : ''}`,
    'signed (200)': answers.filter((answer) => answer.status === 200).length,
    'answer p50 / p95 / max ms': `${round(percentile(times, 0.5))} / ${round(percentile(times, 0.95))} / ${round(Math.max(...times))}`,
    'all answered s': round(lastAnswerMs / 1000, 1),
    'all sealed s': round(allSealedMs / 1000, 1),
    'valid PDFs': `${valid} / ${documentCount}`,
    'trails whole / chained': `${whole} / ${chained} of ${documentCount}`,
    'api peak RSS MB': round(peakRssMb(api.pid)),
  };
}

// --- the run ---

const { mailDirectory } = run;
const results = {};
try {
  const { api, connection } = await startIsolatedApi(run);
  const call = client(api.url);
  const owner = await signUp(call, mailDirectory);

  if (part === 'all' || part === 'signing') {
    log(`Signing: ${signers} documents with a signer each, verified, all signing at once …`);
    const many = await signAtOnce(call, owner, api, signers);
    log(`Signing: one document with ${signers} signers of one stage, all signing at once …`);
    const one = await signAtOnce(call, owner, api, 1);
    results.signing = [many, one];
  }
  if (part === 'all' || part === 'library') await benchLibrary(call, owner, connection);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  log('Stopping the api and the database …');
  await run.stopEverything();
}

if (results.signing) {
  console.log(
    `\nSigning at once (${signers} signers, verified before; goal: every PDF valid, no event lost or twice):`,
  );
  console.table(results.signing);
}
if (results.table) {
  console.log(`\nThe document library (${elapsed()} in all), issue 16:`);
  console.table([results.seeding]);
  console.table(results.table);
}
