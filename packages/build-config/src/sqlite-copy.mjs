// @ts-check
// Moves the data of the earlier embedded default (FerretDB on SQLite under .data/ferretdb) into the
// PostgreSQL one, once: both FerretDBs run side by side on free ports, every collection is copied
// with its indexes, the counts are compared, and only then are the old files renamed (kept).
import { existsSync, readdirSync, renameSync } from 'node:fs';
import { MongoClient } from 'mongodb';

const systemDatabases = new Set(['admin', 'local', 'config']);
const batchSize = 1000;

/** @param {string} directory */
export function hasSqliteData(directory) {
  return existsSync(directory) && readdirSync(directory).some((file) => file.endsWith('.sqlite'));
}

/**
 * @typedef {{ uri: string, stop: () => Promise<void> }} RunningFerretdb
 * @param {{
 *   sqliteDirectory: string,
 *   postgresqlUrl: string,
 *   startFerretdb: (port: number, handlerArguments: string[]) => Promise<RunningFerretdb>,
 *   findFreePort: () => Promise<number>,
 *   log: (line: string) => void,
 * }} options
 */
export async function copySqliteData({ sqliteDirectory, postgresqlUrl, startFerretdb, findFreePort, log }) {
  log(`Copying the data of the earlier SQLite database (${sqliteDirectory}) into PostgreSQL, once …`);
  const source = await startFerretdb(await findFreePort(), [
    '--handler',
    'sqlite',
    '--sqlite-url',
    `file:${sqliteDirectory}/`,
  ]);
  const target = await startFerretdb(await findFreePort(), [
    '--handler',
    'postgresql',
    '--postgresql-url',
    postgresqlUrl,
  ]);
  const sourceClient = new MongoClient(source.uri);
  const targetClient = new MongoClient(target.uri);
  try {
    const copied = [];
    const { databases } = await sourceClient.db('admin').admin().listDatabases();
    for (const { name } of databases) {
      if (systemDatabases.has(name)) continue;
      const from = sourceClient.db(name);
      const to = targetClient.db(name);
      // A copy interrupted earlier left part of this database: it starts over.
      await to.dropDatabase();
      for (const { name: collection } of await from.listCollections({ type: 'collection' }).toArray()) {
        const count = await copyCollection(from.collection(collection), to, collection, (done) =>
          log(`  ${name}.${collection}: ${done} documents …`),
        );
        log(`  ${name}.${collection}: ${count} documents`);
        copied.push({ database: name, collection, count });
      }
    }
    // The copy counts only once the target reads back what the source holds.
    const differences = [];
    for (const { database, collection } of copied) {
      const [before, after] = await Promise.all([
        sourceClient.db(database).collection(collection).countDocuments(),
        targetClient.db(database).collection(collection).countDocuments(),
      ]);
      if (before !== after) differences.push(`${database}.${collection}: ${before} before, ${after} after`);
    }
    if (differences.length > 0) {
      throw new Error(
        `The copy of the SQLite data is incomplete; the old files are untouched:\n${differences.join('\n')}`,
      );
    }
    const total = copied.reduce((sum, { count }) => sum + count, 0);
    const kept = `${sqliteDirectory}-sqlite-copied`;
    await Promise.all([sourceClient.close(), source.stop()]);
    renameSync(sqliteDirectory, kept);
    log(
      `Copied ${total} documents in ${copied.length} collections; every count matches. The old files are kept in ${kept}.`,
    );
  } finally {
    await Promise.all([sourceClient.close(), targetClient.close()]);
    await Promise.all([source.stop(), target.stop()]);
  }
}

/**
 * @param {import('mongodb').Collection} from @param {import('mongodb').Db} to @param {string} name
 * @param {(done: number) => void} progress
 */
async function copyCollection(from, to, name, progress) {
  const target = await to.createCollection(name);
  const indexes = (await from.listIndexes().toArray()).filter((index) => index.name !== '_id_');
  if (indexes.length > 0) {
    await target.createIndexes(
      indexes.map(({ key, name: indexName, unique }) => ({ key, name: indexName, ...(unique ? { unique } : {}) })),
    );
  }
  let count = 0;
  let batch = [];
  for await (const document of from.find({}, { batchSize })) {
    batch.push(document);
    if (batch.length < batchSize) continue;
    await target.insertMany(batch);
    count += batch.length;
    batch = [];
    if (count % (batchSize * 10) === 0) progress(count);
  }
  if (batch.length > 0) await target.insertMany(batch);
  return count + batch.length;
}
