// @ts-check
// stripe-mock v0.203.0, Stripe's own stand-in for its API (https://github.com/stripe/stripe-mock): the
// payments of `npm start` without STRIPE_SECRET_KEY, of the api tests and of the browser tests go to
// it (ARCHITECTURE.md decision 6, docs/decisions/025-billing.md). Installed with `go install` into
// .tools/bin on first use, like FerretDB.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort, findGo, isPortOpen, waitForPort } from './embedded-database.mjs';

const stripeMockModule = 'github.com/stripe/stripe-mock';
// Its OpenAPI spec is Stripe's API 2026-08-26.dahlia, the version the api's stripe SDK (22.6.x) pins;
// the mock is started with -strict-version-check, so an SDK that moves on fails loudly, not subtly.
export const stripeMockVersion = 'v0.203.0';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const toolsDirectory = join(repoRoot, '.tools');
const stripeMockBin = join(toolsDirectory, 'bin', 'stripe-mock');
const fixturesFile = join(toolsDirectory, 'stripe-mock', `fixtures-${stripeMockVersion}.json`);

export class MissingGoForStripeMockError extends Error {
  constructor() {
    super(
      'Payments in test mode need Go to install stripe-mock (https://go.dev/doc/install, 1.22 or newer), ' +
        'or set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to use Stripe itself',
    );
    this.name = 'MissingGoForStripeMockError';
  }
}

function go() {
  const binary = findGo();
  if (!binary) throw new MissingGoForStripeMockError();
  return binary;
}

/**
 * The mock's fixtures with its one subscription as a running one: the bundled fixture says it cancels
 * at the end of a period that ended in 2000 (it answers every subscription with that object), so a
 * test checkout would read as cancelled at once. Only those fields change.
 */
function writeFixtures() {
  const result = spawnSync(go(), ['mod', 'download', '-json', `${stripeMockModule}@${stripeMockVersion}`], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`go mod download of stripe-mock failed: ${result.stderr}`);
  const { Dir: moduleDirectory } = JSON.parse(result.stdout);
  const fixtures = JSON.parse(readFileSync(join(moduleDirectory, 'embedded', 'openapi', 'fixtures3.json'), 'utf8'));
  const { subscription, subscription_item: subscriptionItem } = fixtures.resources;
  Object.assign(subscription, { cancel_at_period_end: false, cancel_at: null, canceled_at: null, ended_at: null });
  // A list's items are built from the item's own fixture. 2026-01-01 to 2100-01-01 (UTC): a period that
  // runs, whenever the tests do.
  for (const item of [subscriptionItem, ...subscription.items.data]) {
    Object.assign(item, { current_period_start: 1_767_225_600, current_period_end: 4_102_444_800 });
  }
  mkdirSync(dirname(fixturesFile), { recursive: true });
  writeFileSync(fixturesFile, JSON.stringify(fixtures));
}

/** Installs stripe-mock into .tools/bin (about 30 s, once) and prepares its fixtures; answers the binary's path. */
export function ensureStripeMock() {
  if (!existsSync(stripeMockBin)) {
    console.log(`Installing stripe-mock ${stripeMockVersion} into .tools/bin with go install (first run only) …`);
    mkdirSync(toolsDirectory, { recursive: true });
    const result = spawnSync(go(), ['install', `${stripeMockModule}@${stripeMockVersion}`], {
      stdio: 'inherit',
      env: { ...process.env, GOBIN: dirname(stripeMockBin) },
    });
    if (result.status !== 0) throw new Error(`go install of stripe-mock failed with exit code ${result.status}`);
  }
  if (!existsSync(fixturesFile)) writeFixtures();
  return stripeMockBin;
}

/**
 * Starts stripe-mock on 127.0.0.1:port (HTTP only; its HTTPS listener on another free port of
 * 127.0.0.1, since it always opens one) and waits until it answers. `url` is what the api's
 * STRIPE_API_URL takes.
 * @param {{ port: number, httpsPort?: number }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startStripeMock({ port, httpsPort }) {
  const binary = ensureStripeMock();
  if (await isPortOpen(port)) throw new Error(`Port ${port} is taken: stop what runs there or set STRIPE_SECRET_KEY`);
  const child = spawn(
    binary,
    [
      '-http-addr',
      `127.0.0.1:${port}`,
      '-https-addr',
      `127.0.0.1:${httpsPort ?? (await findFreePort())}`,
      '-fixtures',
      fixturesFile,
      '-strict-version-check',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await Promise.race([
    waitForPort(port),
    exited.then((code) => {
      throw new Error(`stripe-mock exited with code ${code} before it answered`);
    }),
  ]);
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
