import { connect, createServer, type Server, type Socket } from 'node:net';
import { errorBodySchema } from '@formwerk/contracts';
import mongoose from 'mongoose';
import request from 'supertest';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { UserModel } from '../modules/users/user.model';
import { useTestDatabase } from '../test/test-database';
import { createApp } from './app';
import {
  connectDatabase,
  connectWhenReachable,
  type DatabaseTimeouts,
  disconnectDatabase,
  isDatabaseUnavailable,
  queryTimeoutMs,
} from './db';
import { createLogger } from './logger';

const database = useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
// Short, so the test need not wait the production timeouts out.
const shortTimeouts: DatabaseTimeouts = {
  serverSelectionTimeoutMS: 500,
  connectTimeoutMS: 500,
  socketTimeoutMS: 500,
  bufferTimeoutMS: 500,
};

type Proxy = {
  uri: string;
  closeConnections: () => void;
  fallSilent: () => void;
  forwardAgain: () => void;
  stop: () => Promise<void>;
};

/** A TCP proxy to the test database that can cut or silence it, like a crashed or a stuck server. */
async function startProxy(): Promise<Proxy> {
  const target = new URL(inject('databaseUri'));
  let mode: 'forward' | 'close' | 'silent' = 'forward';
  const pairs = new Set<{ client: Socket; upstream?: Socket }>();
  const swallow = (socket: Socket) => {
    socket.unpipe();
    socket.on('data', () => {});
  };
  const server: Server = createServer((client) => {
    if (mode === 'close') return void client.destroy();
    const pair: { client: Socket; upstream?: Socket } = { client };
    pairs.add(pair);
    client.on('error', () => {});
    client.on('close', () => pairs.delete(pair));
    if (mode === 'silent') return swallow(client);
    const upstream = connect(Number(target.port), target.hostname);
    upstream.on('error', () => client.destroy());
    pair.upstream = upstream;
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    uri: `mongodb://127.0.0.1:${port}/?directConnection=true`,
    closeConnections: () => {
      mode = 'close';
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream?.destroy();
      }
    },
    fallSilent: () => {
      mode = 'silent';
      for (const { client, upstream } of pairs) {
        upstream?.unpipe();
        upstream?.destroy();
        swallow(client);
      }
    },
    forwardAgain: () => {
      mode = 'forward';
    },
    stop: () => {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream?.destroy();
      }
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

let proxy: Proxy | undefined;
afterEach(async () => {
  await disconnectDatabase();
  await proxy?.stop();
  proxy = undefined;
  mongoose.set('debug', false);
  await database.connect();
});

// A read every signed-in page makes: the session by its token.
const readSessions = () => request(app).get('/api/v1/sessions').set('Cookie', 'token=some-session-token');

function expectDatabaseUnavailable(response: request.Response) {
  expect(response.status).toBe(503);
  expect(errorBodySchema.parse(response.body).error.code).toBe('DATABASE_UNAVAILABLE');
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

async function connectThroughProxy(): Promise<void> {
  const dbName = mongoose.connection.name;
  proxy = await startProxy();
  await disconnectDatabase();
  await connectDatabase({ uri: proxy.uri, dbName, timeouts: shortTimeouts });
  expect((await readSessions()).status).toBe(401);
}

describe('when the database is away', () => {
  it('when the database closes every connection, answers 503 DATABASE_UNAVAILABLE with Retry-After', {
    tags: ['reliability'],
  }, async () => {
    await connectThroughProxy();
    proxy?.closeConnections();

    expectDatabaseUnavailable(await readSessions());
  });

  it('when the database accepts but never answers, answers 503 DATABASE_UNAVAILABLE instead of hanging', {
    tags: ['reliability'],
  }, async () => {
    await connectThroughProxy();
    proxy?.fallSilent();

    expectDatabaseUnavailable(await readSessions());
  });

  it('when nothing listens where the database should be, answers 503 DATABASE_UNAVAILABLE', {
    tags: ['reliability'],
  }, async () => {
    proxy = await startProxy();
    proxy.closeConnections();
    await disconnectDatabase();
    await expect(connectDatabase({ uri: proxy.uri, dbName: 'unreachable', timeouts: shortTimeouts })).rejects.toThrow();

    expectDatabaseUnavailable(await readSessions());
  });
});

describe('when the database comes back', () => {
  it('connects by itself when the api started without it, meanwhile refusing requests at once and saying why', {
    tags: ['reliability'],
  }, async () => {
    const dbName = mongoose.connection.name;
    proxy = await startProxy();
    proxy.closeConnections();
    await disconnectDatabase();
    const failures: unknown[] = [];
    const connected = connectWhenReachable({
      uri: proxy.uri,
      dbName,
      timeouts: shortTimeouts,
      retryMs: 100,
      onFailure: (error) => failures.push(error),
    });
    await vi.waitFor(() => expect(failures.length).toBeGreaterThan(0), { timeout: 5_000 });
    const health = await request(app).get('/api/v1/health').expect(503);
    expect(health.body.database).toEqual({ status: 'down', reason: 'disconnected' });
    expectDatabaseUnavailable(await readSessions());

    proxy.forwardAgain();
    await connected;
    expect((await readSessions()).status).toBe(401);
    await request(app).get('/api/v1/health').expect(200);
  });

  it('serves again by itself once a database that went away mid-use is back', { tags: ['reliability'] }, async () => {
    await connectThroughProxy();
    proxy?.closeConnections();
    expectDatabaseUnavailable(await readSessions());

    proxy?.forwardAgain();
    await vi.waitFor(async () => expect((await readSessions()).status).toBe(401), { timeout: 15_000, interval: 200 });
  });
});

describe('query time limits', () => {
  it('gives every query the default maxTimeMS unless it sets its own', async () => {
    const options: Record<string, unknown>[] = [];
    mongoose.set('debug', (collection: string, method: string, ...args: unknown[]) => {
      const last = args.at(-1);
      const isQuery = collection === 'users' && method !== 'createIndex';
      if (isQuery && last && typeof last === 'object') options.push(last as Record<string, unknown>);
    });

    await UserModel.findOne({ email: 'nobody@example.com' }).lean();
    await UserModel.updateOne({ email: 'nobody@example.com' }, { $set: { name: 'Nobody' } });
    await UserModel.deleteMany({ email: 'nobody@example.com' });
    await UserModel.countDocuments({ email: 'nobody@example.com' });
    await UserModel.aggregate([{ $match: { email: 'nobody@example.com' } }]);
    await UserModel.findOne({ email: 'nobody@example.com' }).maxTimeMS(60_000).lean();

    expect(options.map((option) => option.maxTimeMS)).toEqual([
      queryTimeoutMs,
      queryTimeoutMs,
      queryTimeoutMs,
      queryTimeoutMs,
      queryTimeoutMs,
      60_000,
    ]);
  });
});

describe('which failures mean the database is unavailable', () => {
  it('counts a query past its time limit and an operation held too long while reconnecting, not other errors', () => {
    const pastTimeLimit = new mongoose.mongo.MongoServerError({ message: 'operation exceeded time limit', code: 50 });
    const heldTooLong = new mongoose.Error('Operation `users.findOne()` buffering timed out after 5000ms');
    const duplicateKey = new mongoose.mongo.MongoServerError({ message: 'E11000 duplicate key', code: 11000 });

    expect(isDatabaseUnavailable(pastTimeLimit)).toBe(true);
    expect(isDatabaseUnavailable(heldTooLong)).toBe(true);
    expect(isDatabaseUnavailable(duplicateKey)).toBe(false);
    expect(isDatabaseUnavailable(new Error('connection refused'))).toBe(false);
  });
});
