// What the benchmarks that need their own site share: a run with a temporary directory, a log with the
// seconds since it began, and a stop of everything it started (in reverse order, once, on Ctrl-C too);
// an embedded database (PostgreSQL + FerretDB), stripe-mock (payments in test mode, as `npm start` has
// them) and the built api on free ports of 127.0.0.1, never a port of a running site (npm start, npm test).

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiNodeArguments } from '@formwerk/build-config/api-process';
import { findFreePort, startEmbeddedDatabase, waitForPort } from '@formwerk/build-config/embedded-database';
import { startStripeMock } from '@formwerk/build-config/stripe-mock';

const repoRoot = new URL('..', import.meta.url).pathname;
/** The api's own copy of mongoose, for the benchmarks that seed or read the database directly. */
export const mongoose = createRequire(join(repoRoot, 'api', 'package.json'))('mongoose');

const databaseName = 'bench';
/** The webhook secret of the bench's api: the bench signs Stripe events with it. */
export const testWebhookSecret = 'whsec_formwerk_bench';
const sitePorts = new Set([3000, 3001, 3002, 3003, 3004, 3005, 3006, 3007, 3008, 3009, 3010, 3100, 4000, 27017, 27018]);

async function freePort() {
  for (;;) {
    const port = await findFreePort();
    if (!sitePorts.has(port)) return port;
  }
}

/** A benchmark's run: `name` names its temporary directory (removed at the end). */
export function startBenchRun(name) {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const stops = [];
  let isStopping = false;
  const stopEverything = async () => {
    if (isStopping) return;
    isStopping = true;
    for (const stop of stops.reverse()) await stop().catch((error) => console.error(error));
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.log(`\n${signal}: stopping what the bench started …`);
      stopEverything().finally(() => process.exit(130));
    });
  }
  const directory = mkdtempSync(join(tmpdir(), `formwerk-bench-${name}-`));
  stops.push(async () => rmSync(directory, { recursive: true, force: true }));
  return {
    directory,
    /** Where the api keeps its mails as files (it sends none). */
    mailDirectory: join(directory, 'mail'),
    elapsed,
    log: (line) => console.log(`[${elapsed()}] ${line}`),
    /** Stopped with everything else, after what was added later. */
    onStop: (stop) => stops.push(stop),
    stopEverything,
  };
}

/**
 * The embedded database, the built api (`api/dist/server.cjs`) on it, and a mongoose connection to the
 * same database; all stopped with the run. `environment` adds to the api's.
 */
export async function startIsolatedApi(run, environment = {}) {
  const built = statSync(join(repoRoot, 'api', 'dist', 'server.cjs')).mtime.toISOString();
  run.log(`Starting the embedded database and the built api (dist/server.cjs of ${built}) in ${run.directory} …`);
  const database = await startEmbeddedDatabase({
    port: await freePort(),
    dataDirectory: join(run.directory, 'database'),
    log: () => {},
  });
  run.onStop(() => database.stop());
  const stripeMock = await startStripeMock({ port: await freePort() });
  run.onStop(() => stripeMock.stop());
  const port = await freePort();
  // Mails are kept as files in the run's directory, never sent.
  const { SMTP_URL: _smtp, ...inherited } = process.env;
  const child = spawn(process.execPath, [...apiNodeArguments, 'dist/server.cjs'], {
    cwd: join(repoRoot, 'api'),
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      MONGODB_URI: database.uri,
      MONGODB_DB_NAME: databaseName,
      MAIL_DIR: run.mailDirectory,
      // A secret of its own: the bench's api reads and writes no file of the site's.
      SERVER_SECRET: randomBytes(32).toString('hex'),
      // Each simulated person comes from an address of their own (X-Forwarded-For from loopback).
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'error',
      STRIPE_API_URL: stripeMock.url,
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_WEBHOOK_SECRET: testWebhookSecret,
      ...environment,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  run.onStop(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  });
  await waitForPort(port, { timeoutMs: 60_000 });
  const connection = await mongoose.createConnection(database.uri, { dbName: databaseName }).asPromise();
  run.onStop(() => connection.close());
  return { database, api: { url: `http://127.0.0.1:${port}`, pid: child.pid }, connection };
}
