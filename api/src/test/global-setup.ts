import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
// A relative path because @formwerk/build-config does not export this file by name yet.
import { startEmbeddedDatabase } from '../../../packages/build-config/src/embedded-database.mjs';

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

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port')),
      );
    });
  });
}
