// Starts the whole built site: database (embedded unless MONGODB_URI), stripe-mock (unless
// STRIPE_SECRET_KEY or STRIPE_API_URL), api, five remotes, shell. Or, with `onlyArea`, one area for
// its team: that remote's development server, hosted alone by the shell (scripts/dev-area.mjs).

import { join } from 'node:path';
import { apiNodeArguments } from '@formwerk/build-config/api-process';
import { startEmbeddedDatabase, waitForPort } from '@formwerk/build-config/embedded-database';
import { ports } from '@formwerk/build-config/ports';
import { MissingGoForStripeMockError, startStripeMock } from '@formwerk/build-config/stripe-mock';
import { dataDir, repoRoot } from './paths.mjs';
import { startProcess, stopAll } from './processes.mjs';
import { ensureLocalReleaseToken, releaseAreas, releasesDir } from './releases.mjs';

// The webhook secret of test mode: only the api signs events then, for its test checkout.
const testModeWebhookSecret = 'whsec_formwerk_test_mode';

/**
 * @param {{ quiet?: boolean, environment?: Record<string, string>, onlyArea?: string }} [options]
 */
export async function startSystem({ quiet = false, environment = {}, onlyArea } = {}) {
  let database;
  let mongodbUri = environment.MONGODB_URI ?? process.env.MONGODB_URI;
  if (!mongodbUri) {
    database = await startEmbeddedDatabase({
      port: ports.database,
      dataDirectory: join(dataDir, 'database'),
      // Where the SQLite default kept its files: copied over on the first start after the move.
      sqliteDirectory: join(dataDir, 'ferretdb'),
    });
    mongodbUri = database.uri;
  }
  // Card payments go to Stripe with STRIPE_SECRET_KEY; without it to stripe-mock, in test mode (nothing
  // is charged, and the site says so), so checkout works out of the box.
  let stripeMock;
  const payments = {};
  if (!(environment.STRIPE_SECRET_KEY ?? process.env.STRIPE_SECRET_KEY)) {
    let stripeApiUrl = environment.STRIPE_API_URL ?? process.env.STRIPE_API_URL;
    if (!stripeApiUrl) {
      try {
        stripeMock = await startStripeMock({ port: ports.stripeMock });
        stripeApiUrl = stripeMock.url;
      } catch (error) {
        // A site on a MongoDB of its own needs no Go otherwise: it runs, with every team on Free.
        if (!(error instanceof MissingGoForStripeMockError)) throw error;
        console.warn(`${error.message}. The site runs without payments.`);
      }
    }
    if (stripeApiUrl) {
      payments.STRIPE_API_URL = stripeApiUrl;
      payments.STRIPE_SECRET_KEY = 'sk_test_formwerk';
      payments.STRIPE_WEBHOOK_SECRET =
        environment.STRIPE_WEBHOOK_SECRET ?? process.env.STRIPE_WEBHOOK_SECRET ?? testModeWebhookSecret;
    }
  }
  // Each process listens on its own port (build-config/ports): a PORT set in the calling shell is not theirs.
  const { PORT: _callersPort, ...inherited } = process.env;
  // The remotes serve the releases kept here; `npm run release` registers them with this machine's token.
  const env = { ...inherited, NODE_ENV: 'production', RELEASES_DIR: releasesDir, ...environment, ...payments };
  const releaseTokens = [`local:${ensureLocalReleaseToken()}`, env.RELEASE_TOKENS].filter(Boolean).join(',');
  startProcess('api', process.execPath, [...apiNodeArguments, 'dist/server.cjs'], {
    cwd: join(repoRoot, 'api'),
    // Without SMTP_URL the api keeps mails as .eml files here and logs where.
    // The secret its keys come from is made there on the first start, unless SERVER_SECRET is set.
    env: {
      MAIL_DIR: join(dataDir, 'mail'),
      SECRET_FILE: join(dataDir, 'server-secret'),
      // The site's own contact form belongs to a team of this account (docs/decisions/032): locally
      // one nobody reads until they sign up with the address; a deployment names its own.
      SITE_TEAM_OWNER_EMAIL: 'website@formwerk.localhost',
      ...env,
      RELEASE_TOKENS: releaseTokens,
      MONGODB_URI: mongodbUri,
    },
    quiet,
  });
  const areas = onlyArea ? [onlyArea] : releaseAreas;
  for (const area of areas) {
    const cwd = join(repoRoot, `mfe-${area}`);
    if (onlyArea)
      startProcess(`mfe-${area}`, join(cwd, 'node_modules', '.bin', 'rspack'), ['serve', '--mode', 'development'], {
        cwd,
        env,
        quiet,
      });
    else
      startProcess(`mfe-${area}`, process.execPath, [join(repoRoot, 'packages/build-config/src/serve-remote.mjs')], {
        cwd,
        env,
        quiet,
      });
  }
  startProcess('shell', process.execPath, ['dist-server/server.cjs'], {
    cwd: join(repoRoot, 'shell'),
    env: onlyArea ? { ...env, SHELL_ONLY_AREA: onlyArea } : env,
    quiet,
  });
  const stop = async () => {
    await stopAll();
    await stripeMock?.stop();
    await database?.stop();
  };
  try {
    await Promise.all([ports.api, ports.shell, ...areas.map((area) => ports[area])].map((port) => waitForPort(port)));
  } catch (error) {
    // A process that did not come up leaves none of the others running (nor the database).
    await stop();
    throw error;
  }
  return { url: `http://localhost:${ports.shell}`, stop };
}
