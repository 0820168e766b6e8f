import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort, startEmbeddedDatabase } from '@formwerk/build-config/embedded-database';
import { startStripeMock } from '@formwerk/build-config/stripe-mock';
import type { TestProject } from 'vitest/node';
import { dropTestDatabases } from './test-database-names';

// `npm test` at the root starts one database and one stripe-mock for every workspace and passes
// MONGODB_URI and STRIPE_API_URL; run alone, the api suite starts its own on free ports and removes
// them afterwards.
export default async function setUpServices(project: TestProject): Promise<() => Promise<void>> {
  const stops: (() => Promise<void>)[] = [];
  const givenUri = process.env.MONGODB_URI;
  if (givenUri) {
    project.provide('databaseUri', givenUri);
    // A server of one's own outlives the suite: the files' databases go once all of them are done
    // (each drop is a schema's worth of DDL, seconds on a busy machine). `npm test` starts a scratch
    // server for the run and removes its files afterwards, so it says to leave them. A database
    // started here goes with its files.
    if (process.env.TEST_DATABASE_IS_SCRATCH !== 'true') stops.push(() => dropTestDatabases(givenUri));
  } else {
    const dataDirectory = await mkdtemp(join(tmpdir(), 'formwerk-api-test-'));
    const database = await startEmbeddedDatabase({ port: await findFreePort(), dataDirectory });
    project.provide('databaseUri', database.uri);
    stops.push(async () => {
      await database.stop();
      await rm(dataDirectory, { recursive: true, force: true });
    });
  }
  const givenStripeUrl = process.env.STRIPE_API_URL;
  if (givenStripeUrl) {
    project.provide('stripeApiUrl', givenStripeUrl);
  } else {
    const stripeMock = await startStripeMock({ port: await findFreePort() });
    project.provide('stripeApiUrl', stripeMock.url);
    stops.push(stripeMock.stop);
  }
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
