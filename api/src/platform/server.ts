import { createServer, type Server } from 'node:http';
import { configureGoogleSignIn } from '../modules/auth/google-client';
import { configureBilling } from '../modules/billing/stripe-client';
import { configureDnsServers } from '../modules/custom-domains/txt-records';
import { startFormSigningJob } from '../modules/documents/form-signing/form-signing-jobs';
import { platformSigningIdentity, signingConfigFromEnv } from '../modules/documents/sealing/signing-identity';
import { createSigningJobs } from '../modules/documents/signing/signing-jobs';
import { removeAbandonedUploadsJob, settleUncountedFilesJob } from '../modules/files/files.service';
import { configureAssistant } from '../modules/form-assistant/assistant-settings';
import { createFormDeliveryJob } from '../modules/form-notifications/form-notifications.service';
import { configureMailchimpApi } from '../modules/form-notifications/mailchimp-client';
import { createRemoveExpiredDocumentsJob } from '../modules/housekeeping/housekeeping.service';
import { createSendMailJob } from '../modules/mail/mail.service';
import { sendDigestJob } from '../modules/notifications/notification-digest.service';
import { configureReleaseRegistry } from '../modules/releases/release-settings';
import { startSiteContactForms } from '../modules/site/site-contact-form';
import { configureSingleSignOn } from '../modules/sso/sso-sign-in.service';
import { sealBlocksJob } from '../modules/submissions/sealed-blocks';
import { createWorkflowJobs } from '../modules/workflows/workflow-jobs';
import { createApp } from './app';
import { ConfigError, parseConfig } from './config';
import { connectWhenReachable, disconnectDatabase } from './db';
import { startJobWorker } from './jobs';
import { createLogger, type Logger } from './logger';
import { endOpenStreams } from './open-streams';
import { retireKeyIndex } from './rate-limit';
import { loadServerSecret, useServerSecret } from './server-secret';

// Requests still running this long after a shutdown signal are cut, so a deploy never hangs.
const shutdownGraceMs = 10_000;

// A whole request, body included, must arrive within this: long enough for a large upload on a slow
// line, short enough that a client trickling bytes cannot hold a connection for good.
const requestTimeoutMs = 5 * 60_000;
// Headers come first and are small: a client that has not sent them by then is not going to.
const headersTimeoutMs = 20_000;
// An idle keep-alive connection stays open longer than the proxies in front keep theirs (the shell's
// Node agent 5 s, typical load balancers 60 s), so they never send on a socket the api just closed.
const keepAliveTimeoutMs = 65_000;

async function startServer(): Promise<void> {
  const config = parseConfig(process.env);
  const logger = createLogger({ level: config.LOG_LEVEL });
  useServerSecret(await loadServerSecret({ serverSecret: config.SERVER_SECRET, secretFile: config.SECRET_FILE }));
  const mail = {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    directory: config.MAIL_DIR,
    publicUrl: config.PUBLIC_URL,
  };
  configureMailchimpApi(config.MAILCHIMP_API_BASE_URL);
  configureDnsServers(config.DNS_SERVERS);
  configureReleaseRegistry({ operatorEmails: config.PLATFORM_OPERATOR_EMAILS, tokens: config.RELEASE_TOKENS });
  configureBilling({
    secretKey: config.STRIPE_SECRET_KEY,
    apiUrl: config.STRIPE_API_URL,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    publicUrl: config.PUBLIC_URL,
  });
  configureAssistant({ baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY, model: config.AI_MODEL });
  configureSingleSignOn({ publicUrl: config.PUBLIC_URL });
  configureGoogleSignIn({
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    issuer: config.GOOGLE_ISSUER,
    publicUrl: config.PUBLIC_URL,
  });
  // The seal of signed documents, loaded now so that a bad SIGNING_P12_* stops the start, not a seal later.
  await platformSigningIdentity();
  if (config.NODE_ENV === 'production' && signingConfigFromEnv().pkcs12 === null) {
    // Fine on a laptop and in tests; in production a verifier must be able to trust the seal.
    logger.warn('no SIGNING_P12_PATH or SIGNING_P12_BASE64: signed PDFs are sealed with a throw-away certificate');
  }
  // Serving first: while the database is not there yet, /health says so and every other request gets
  // a fast 503 (platform/errors.ts); the rest of the start follows once it is reached.
  const server = createServer(
    { requestTimeout: requestTimeoutMs, headersTimeout: headersTimeoutMs, keepAliveTimeout: keepAliveTimeoutMs },
    createApp({ logger, trustProxy: config.TRUST_PROXY }),
  );
  await listen(server, config.PORT, config.HOST);
  logger.info(
    {
      host: config.HOST,
      port: config.PORT,
      environment: config.NODE_ENV,
      mail: config.SMTP_URL ? 'smtp' : config.MAIL_DIR,
    },
    'api listening',
  );
  let jobWorker: { stop: () => Promise<void> } | undefined;
  const stop = stopOnSignals(server, logger, () => jobWorker);
  // The last line of defence: a rejection nobody handled is logged, and the api goes on serving; an
  // exception nobody caught leaves the process in a state no one knows, so it is logged and the api
  // stops as on SIGTERM (finishing what runs) for its supervisor to start it again.
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception: stopping');
    stop('SIGTERM', 1);
  });

  let failures = 0;
  await connectWhenReachable({
    uri: config.MONGODB_URI,
    dbName: config.MONGODB_DB_NAME,
    onFailure: (error) => {
      failures += 1;
      // The first failure and then every 30th (about once a minute), not a line every two seconds.
      if (failures % 30 === 1) logger.warn({ err: error, failures }, 'the database is not reachable yet: retrying');
    },
  });
  if (failures > 0) logger.info({ failures }, 'the database is reachable');
  await retireKeyIndex();
  await startSiteContactForms({ env: process.env, publicUrl: config.PUBLIC_URL, logger });
  jobWorker = await startJobWorker({
    definitions: [
      createSendMailJob(mail, logger),
      createFormDeliveryJob(mail, logger),
      removeAbandonedUploadsJob,
      settleUncountedFilesJob,
      createRemoveExpiredDocumentsJob(logger),
      sealBlocksJob,
      ...createWorkflowJobs(mail, logger),
      ...createSigningJobs(logger),
      startFormSigningJob,
      sendDigestJob,
    ],
    logger,
  });
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Stops on SIGTERM and SIGINT; returns the stop, for other reasons to end the process the same way. */
function stopOnSignals(
  server: Server,
  logger: Logger,
  jobWorkerOf: () => { stop: () => Promise<void> } | undefined,
): (signal: NodeJS.Signals, exitCode?: number) => void {
  let isStopping = false;
  const stop = async (signal: NodeJS.Signals, exitCode: number) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, 'api stopping');
    setTimeout(() => server.closeAllConnections(), shutdownGraceMs).unref();
    endOpenStreams();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // Lets running jobs finish (those that do not in time are unlocked for another instance).
    await jobWorkerOf()?.stop();
    await disconnectDatabase();
    logger.info('api stopped');
    // Everything is closed, but Agenda 6 leaves a timer of several minutes behind each job it ran
    // (its liveness check is raced against the job, never cleared), which would hold the process open.
    process.exit(exitCode);
  };
  const stopOnce = (signal: NodeJS.Signals, exitCode = 0) => {
    stop(signal, exitCode).catch((error: unknown) => {
      logger.error({ err: error }, 'api failed to stop cleanly');
      process.exit(1);
    });
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => stopOnce(signal));
  return stopOnce;
}

startServer().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
