import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort, startEmbeddedDatabase } from '@formwerk/build-config/embedded-database';
import type { TestProject } from 'vitest/node';

// `npm test` at the root starts one database for every workspace and passes MONGODB_URI; run alone,
// the api suite starts its own embedded database on a free port and removes it afterwards.
export default async function setUpDatabase(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const givenUri = process.env.MONGODB_URI;
  if (givenUri) {
    project.provide('databaseUri', givenUri);
    return undefined;
  }
  const dataDirectory = await mkdtemp(join(tmpdir(), 'formwerk-api-test-'));
  const database = await startEmbeddedDatabase({ port: await findFreePort(), dataDirectory });
  project.provide('databaseUri', database.uri);
  return async () => {
    await database.stop();
    await rm(dataDirectory, { recursive: true, force: true });
  };
}
