import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, inject } from 'vitest';
import { connectDatabase, disconnectDatabase } from '../platform/db';

declare module 'vitest' {
  // Module augmentation merges only into an interface. Set by global-setup.ts.
  export interface ProvidedContext {
    databaseUri: string;
  }
}

// Gives the calling test file a database of its own on the shared server, so files run in parallel
// without seeing each other's documents, and drops it when the file is done.
export function useTestDatabase(): { connect: () => Promise<void> } {
  const uri = inject('databaseUri');
  const dbName = `test_${randomBytes(8).toString('hex')}`;
  const connect = () => connectDatabase({ uri, dbName });

  beforeAll(connect);
  afterAll(async () => {
    // A test may have disconnected on purpose; the database must still be dropped.
    if (mongoose.connection.readyState !== mongoose.ConnectionStates.connected) await connect();
    await mongoose.connection.dropDatabase();
    await disconnectDatabase();
  });

  return { connect };
}
