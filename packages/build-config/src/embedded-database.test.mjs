// @ts-check
// The embedded database as `npm start` and the tests run it: PostgreSQL, FerretDB with its
// PostgreSQL handler, the serializing proxy, the one-off copy of SQLite data, and recovery.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort, startEmbeddedDatabase, startFerretdb } from './embedded-database.mjs';

/** @type {string[]} */
const directories = [];
function newDirectory() {
  const directory = mkdtempSync(join(tmpdir(), 'formwerk-database-test-'));
  directories.push(directory);
  return directory;
}
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

/** @param {string} uri @param {(client: MongoClient) => Promise<void>} use */
async function withClient(uri, use) {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
  try {
    await use(client);
  } finally {
    await client.close();
  }
}

/** @param {string} dataDirectory @param {{ sqliteDirectory?: string }} [options] */
async function start(dataDirectory, options = {}) {
  /** @type {string[]} */
  const lines = [];
  const database = await startEmbeddedDatabase({
    port: await findFreePort(),
    dataDirectory,
    log: (line) => lines.push(line),
    ...options,
  });
  return { ...database, lines };
}

describe('the embedded database', () => {
  it('counts fifty concurrent $inc of one document exactly, and takes concurrent inserts', {
    timeout: 60_000,
  }, async () => {
    const database = await start(newDirectory());
    try {
      await withClient(database.uri, async (client) => {
        /** @type {import('mongodb').Collection<{ _id: string, value: number, version: number }>} */
        const counters = client.db('proxy').collection('counters');
        await counters.insertOne({ _id: 'one', value: 0, version: 1 });
        await Promise.all(Array.from({ length: 50 }, () => counters.updateOne({ _id: 'one' }, { $inc: { value: 1 } })));
        // Ten updates guarded by the same version: exactly one wins, as on MongoDB.
        const guarded = await Promise.all(
          Array.from({ length: 10 }, () =>
            counters.findOneAndUpdate(
              { _id: 'one', version: 1 },
              { $inc: { version: 1 } },
              { returnDocument: 'after' },
            ),
          ),
        );
        expect(await counters.findOne({ _id: 'one' })).toMatchObject({ value: 50, version: 2 });
        expect(guarded.filter((result) => result !== null)).toHaveLength(1);

        const rows = client.db('proxy').collection('rows');
        await rows.createIndex({ key: 1 }, { unique: true });
        const inserts = await Promise.allSettled(
          Array.from({ length: 60 }, (_, index) => rows.insertOne({ key: index % 50 })),
        );
        expect(inserts.filter((result) => result.status === 'fulfilled')).toHaveLength(50);
        expect(await rows.countDocuments()).toBe(50);
      });
    } finally {
      await database.stop();
    }
  });

  it('keeps every count exact when writes by _id to many documents overlap with writes to many at once', {
    timeout: 60_000,
  }, async () => {
    const database = await start(newDirectory());
    try {
      await withClient(database.uri, async (client) => {
        /** @type {import('mongodb').Collection<{ _id: string, value: number, group: string }>} */
        const counters = client.db('proxy').collection('many');
        const ids = Array.from({ length: 10 }, (_, index) => `c${index}`);
        await counters.insertMany(ids.map((_id) => ({ _id, value: 0, group: 'all' })));
        const rounds = 20;
        await Promise.all([
          // Per document, by plain _id equality: update, find-and-modify, an upsert of a new one each.
          ...ids.flatMap((_id) =>
            Array.from({ length: rounds }, (_, round) =>
              round % 2 === 0
                ? counters.updateOne({ _id }, { $inc: { value: 1 } })
                : counters.findOneAndUpdate({ _id }, { $inc: { value: 1 } }),
            ),
          ),
          ...Array.from({ length: rounds }, (_, round) =>
            counters.updateOne(
              { _id: `new${round}` },
              { $inc: { value: 1 }, $set: { group: 'new' } },
              { upsert: true },
            ),
          ),
          // Whole collection: by another field, and by an _id operator.
          ...Array.from({ length: rounds }, () => counters.updateMany({ group: 'all' }, { $inc: { value: 100 } })),
          ...Array.from({ length: rounds }, () =>
            counters.updateMany({ _id: { $in: ['c0', 'c1'] } }, { $inc: { value: 10_000 } }),
          ),
        ]);
        const values = Object.fromEntries((await counters.find().toArray()).map(({ _id, value }) => [_id, value]));
        for (const _id of ids) {
          const byOperator = _id === 'c0' || _id === 'c1' ? rounds * 10_000 : 0;
          expect(values[_id]).toBe(rounds + rounds * 100 + byOperator);
        }
        for (let round = 0; round < rounds; round += 1) expect(values[`new${round}`]).toBe(1);
      });
    } finally {
      await database.stop();
    }
  });

  it('keeps data across a restart', { timeout: 60_000 }, async () => {
    const dataDirectory = newDirectory();
    const first = await start(dataDirectory);
    await withClient(first.uri, (client) =>
      client
        .db('app')
        .collection('notes')
        .insertOne({ text: 'kept' })
        .then(() => {}),
    );
    await first.stop();

    const second = await start(dataDirectory);
    try {
      await withClient(second.uri, async (client) => {
        expect(
          await client
            .db('app')
            .collection('notes')
            .findOne({}, { projection: { _id: 0 } }),
        ).toEqual({ text: 'kept' });
      });
    } finally {
      await second.stop();
    }
  });

  it('recovers by itself after PostgreSQL was killed, and stops one left running', { timeout: 90_000 }, async () => {
    const dataDirectory = newDirectory();
    const pidFile = join(dataDirectory, 'postgres', 'cluster', 'postmaster.pid');
    const pidOfPostgres = () => Number(readFileSync(pidFile, 'utf8').split('\n')[0]);

    const first = await start(dataDirectory);
    await withClient(first.uri, (client) =>
      client
        .db('app')
        .collection('notes')
        .insertOne({ text: 'committed' })
        .then(() => {}),
    );
    process.kill(pidOfPostgres(), 'SIGKILL');
    await first.stop();
    expect(existsSync(pidFile)).toBe(true);

    const second = await start(dataDirectory);
    expect(second.lines.join('\n')).toContain('was not stopped cleanly');
    await withClient(second.uri, async (client) => {
      expect(await client.db('app').collection('notes').countDocuments({ text: 'committed' })).toBe(1);
    });
    // The launcher dies without stopping anything: the next start finds PostgreSQL still running.
    const leftover = pidOfPostgres();

    const third = await start(dataDirectory);
    expect(third.lines.join('\n')).toContain(`left running by an earlier start (pid ${leftover})`);
    await withClient(third.uri, async (client) => {
      expect(await client.db('app').collection('notes').countDocuments({ text: 'committed' })).toBe(1);
    });
    await third.stop();
    await second.stop();
  });

  it('copies the data of the earlier SQLite default once, with its indexes, and keeps the old files', {
    timeout: 90_000,
  }, async () => {
    const dataDirectory = newDirectory();
    const sqliteDirectory = join(dataDirectory, 'ferretdb');
    mkdirSync(sqliteDirectory);
    const sqlite = await startFerretdb(await findFreePort(), [
      '--handler',
      'sqlite',
      '--sqlite-url',
      `file:${sqliteDirectory}/`,
    ]);
    await withClient(sqlite.uri, async (client) => {
      const submissions = client.db('formwerk').collection('submissions');
      await submissions.createIndex({ formId: 1, idempotencyKey: 1 }, { unique: true });
      await submissions.insertMany(
        Array.from({ length: 2500 }, (_, index) => ({ formId: 'f', idempotencyKey: `k${index}` })),
      );
      await client.db('formwerk').collection('users').insertOne({ email: 'ada@example.com' });
      await client.db('other').collection('things').insertOne({ name: 'thing' });
    });
    await sqlite.stop();

    const database = await start(join(dataDirectory, 'database'), { sqliteDirectory });
    try {
      const log = database.lines.join('\n');
      expect(log).toContain('formwerk.submissions: 2500 documents');
      expect(log).toContain('Copied 2502 documents in 3 collections; every count matches');
      expect(existsSync(sqliteDirectory)).toBe(false);
      expect(existsSync(`${sqliteDirectory}-sqlite-copied`)).toBe(true);
      await withClient(database.uri, async (client) => {
        const submissions = client.db('formwerk').collection('submissions');
        expect(await submissions.countDocuments()).toBe(2500);
        await expect(submissions.insertOne({ formId: 'f', idempotencyKey: 'k1' })).rejects.toMatchObject({
          code: 11000,
        });
        expect(await client.db('other').collection('things').countDocuments()).toBe(1);
      });
    } finally {
      await database.stop();
    }
  });
});
