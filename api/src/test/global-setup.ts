import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// A relative path because @formwerk/build-config does not export this file by name yet.
import { startEmbeddedDatabase } from '@formwerk/build-config/embedded-database';
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

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    // Port 0 lets the system pick a free port; it is released again for FerretDB to take.
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
