import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { connectDatabase, disconnectDatabase } from '../platform/db';
import { testDatabasePrefix } from './test-database-names';

declare module 'vitest' {
  // Module augmentation merges only into an interface. Set by global-setup.ts.
  export interface ProvidedContext {
    databaseUri: string;
  }
}

// Gives the calling test file a database of its own on the shared server, so files run in parallel
// without seeing each other's documents. The database is not dropped here but once every file is done
// (global-setup.ts): work a test started may still be reading when its file ends, and FerretDB drops a
// database while it holds the lock over its whole catalogue, so a drop waiting for such a reader
// stalled every other file's queries.
export function useTestDatabase(): { connect: () => Promise<void> } {
  const uri = inject('databaseUri');
  const dbName = `${testDatabasePrefix}${randomBytes(8).toString('hex')}`;
  const connect = () => connectDatabase({ uri, dbName });

  beforeAll(connect);
  afterAll(disconnectDatabase);

  return { connect };
}
