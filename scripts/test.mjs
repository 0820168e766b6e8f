// `npm test`: installs what is missing, then lint, type-check, unit and api tests on the embedded
// database, the production build, and the Playwright specs against the started site.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { runOnCurrentNode } from './lib/node-runtime.mjs';
import { dataDir } from './lib/paths.mjs';
import { ensureDependencies, runPnpm, runPnpmAsync } from './lib/pnpm.mjs';
import { stopOnSignals } from './lib/processes.mjs';

await runOnCurrentNode();

ensureDependencies();
const { ensureTestTools } = await import('./lib/debian-packages.mjs');
ensureTestTools();

const { startEmbeddedDatabase } = await import('@formwerk/build-config/embedded-database');
const { startMailCatcher } = await import('@formwerk/build-config/mail-catcher');
const { startStripeMock } = await import('@formwerk/build-config/stripe-mock');
const { ports } = await import('@formwerk/build-config/ports');
const { startDnsServer } = await import('@formwerk/build-config/dns-server');
const { startSystem } = await import('./lib/system.mjs');
const { ensureLocalReleaseToken } = await import('./lib/releases.mjs');

const steps = [];
const secondShellOrigin = 'http://localhost:3100';
let database;
let stripeMock;
let system;
let mailCatcher;
let dnsServer;
const cleanup = async () => {
  await system?.stop();
  await mailCatcher?.stop();
  await dnsServer?.stop();
  await stripeMock?.stop();
  await database?.stop();
};
stopOnSignals(cleanup);

async function step(name, run) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  await run();
  steps.push(`${name} (${Math.round((Date.now() - started) / 1000)} s)`);
}

let failed = false;
try {
  await step('lint', () => runPnpm(['-r', '--workspace-concurrency=2', 'lint']));
  await step('typecheck', () => runPnpm(['-r', '--workspace-concurrency=2', 'typecheck']));

  if (!process.env.MONGODB_URI) {
    // Its own port and fresh files, so that tests never touch the data of `npm start` nor a previous run's.
    const dataDirectory = join(dataDir, 'database-test');
    rmSync(dataDirectory, { recursive: true, force: true });
    database = await startEmbeddedDatabase({ port: 27018, dataDirectory });
  }
  const mongodbUri = process.env.MONGODB_URI ?? database.uri;
  // Payments in test mode for the api tests and the site of the browser tests: one stripe-mock of the
  // run, on its own port beside a started site's.
  if (!process.env.STRIPE_API_URL) stripeMock = await startStripeMock({ port: ports.stripeMockTest });
  const stripeApiUrl = process.env.STRIPE_API_URL ?? stripeMock.url;
  await step('unit and api tests', () =>
    runPnpm(['-r', '--workspace-concurrency=1', '--filter', '!e2e', 'test'], {
      env: {
        ...process.env,
        MONGODB_URI: mongodbUri,
        STRIPE_API_URL: stripeApiUrl,
        // The run's own database, removed with its files: the api suite leaves its databases there.
        ...(database ? { TEST_DATABASE_IS_SCRATCH: 'true' } : {}),
      },
    }),
  );
  await step('production build', () => runPnpm(['-r', '--workspace-concurrency=2', 'build']));

  // The site mails through a real SMTP server; the browser tests read what it received from files.
  const mailboxDirectory = join(dataDir, 'e2e-mailbox');
  rmSync(mailboxDirectory, { recursive: true, force: true });
  mailCatcher = await startMailCatcher({ directory: mailboxDirectory });
  // Custom domains are verified by a TXT record: a DNS server of the test run answers for them, and a
  // spec publishes a record by writing a file here.
  const dnsDirectory = join(dataDir, 'e2e-dns');
  rmSync(dnsDirectory, { recursive: true, force: true });
  dnsServer = await startDnsServer({ directory: dnsDirectory });
  // The releases the release spec keeps: the run's own.
  const releasesDirectory = join(dataDir, 'e2e-releases');
  rmSync(releasesDirectory, { recursive: true, force: true });
  system = await startSystem({
    quiet: true,
    environment: {
      MONGODB_URI: mongodbUri,
      MONGODB_DB_NAME: `e2e_${Date.now()}`,
      BUILD_CHECK_INTERVAL_MS: '1000',
      SMTP_URL: mailCatcher.url,
      DNS_SERVERS: dnsServer.address,
      // Test mode, whatever key the calling shell holds: the browser tests pay on the test page.
      STRIPE_SECRET_KEY: '',
      STRIPE_API_URL: stripeApiUrl,
      // The browser tests play many clients from one machine: accounts they make through the api
      // come from addresses of their own (X-Forwarded-For), so the sign-up limit per IP holds for each.
      TRUST_PROXY: 'loopback',
      // The federation spec starts a second shell of the site on this port; the remotes serve it too.
      SITE_ORIGINS: secondShellOrigin,
      RELEASES_DIR: releasesDirectory,
    },
  });
  // Asynchronous: the mail catcher runs in this process and must keep answering meanwhile.
  await step('browser tests', () =>
    runPnpmAsync(['--filter', 'e2e', 'test'], {
      env: {
        ...process.env,
        BASE_URL: system.url,
        MAILBOX_DIR: mailboxDirectory,
        DNS_DIR: dnsDirectory,
        // For the reliability spec's api of its own (a database of its own on the same server).
        MONGODB_URI: mongodbUri,
        // For the remote the federation spec starts itself.
        SITE_ORIGINS: secondShellOrigin,
        // The release spec keeps releases there and switches them with the site's deploy token.
        RELEASES_DIR: releasesDirectory,
        RELEASE_TOKEN: ensureLocalReleaseToken(),
      },
    }),
  );
} catch (error) {
  failed = true;
  console.error(`\n✖ ${error.message}`);
} finally {
  await cleanup();
}
console.log(`\n${failed ? '✖ failed after' : '✔ passed'}: ${steps.join(', ')}`);
process.exit(failed ? 1 : 0);
