import mongoose from 'mongoose';

/** Every test file's database is named so, which tells them from the site's own on a shared server. */
export const testDatabasePrefix = 'test_';

/**
 * Drops the test files' databases on the server at uri, one after the other, once no file runs any
 * more. A drop that fails is reported and the others still go: the databases are scratch data.
 */
export async function dropTestDatabases(uri: string): Promise<void> {
  const client = await new mongoose.mongo.MongoClient(uri).connect();
  try {
    const { databases } = await client.db().admin().listDatabases({ nameOnly: true });
    for (const { name } of databases) {
      if (!name.startsWith(testDatabasePrefix)) continue;
      await client
        .db(name)
        .dropDatabase()
        .catch((error: unknown) => console.warn(`The test database ${name} stays: ${String(error)}`));
    }
  } finally {
    await client.close();
  }
}
