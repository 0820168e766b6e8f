import mongoose, { type MongooseDefaultQueryMiddleware, type Schema as MongooseSchema } from 'mongoose';

// Filters built from user input cannot smuggle in operators such as { $ne: null }, and a filter on a
// field the schema does not know throws instead of being dropped, which would widen the query.
// strictQuery is read when a schema is built, so model files take Schema and model from here.
mongoose.set('sanitizeFilter', true);
mongoose.set('strictQuery', 'throw');

// Operators the server writes itself pass the sanitizer only when marked: trusted({ $gt: date }).
export { model, Schema, trusted } from 'mongoose';

/**
 * How long the database may take before a request gives up with 503 DATABASE_UNAVAILABLE instead of
 * hanging. `socketTimeoutMS` bounds one round trip (a cursor's batch, not a whole export), so it stays
 * above the longest `maxTimeMS` a single command is given.
 */
export type DatabaseTimeouts = {
  /** Finding a server that answers; also how long a request waits while the database is down. */
  serverSelectionTimeoutMS: number;
  connectTimeoutMS: number;
  /** A connection that is open but silent (a stuck server) is given up after this long. */
  socketTimeoutMS: number;
  /** Mongoose holds operations this long while it reconnects, then fails them. */
  bufferTimeoutMS: number;
};

export const databaseTimeouts: DatabaseTimeouts = {
  serverSelectionTimeoutMS: 5_000,
  connectTimeoutMS: 5_000,
  socketTimeoutMS: 30_000,
  bufferTimeoutMS: 5_000,
};

/**
 * Connections kept open, and how many may be opened at once: a burst (a form's link just shared, a
 * hundred respondents at once) finds connections ready instead of waiting while they open two at a
 * time, the driver's default (measured in bench/database.mjs: p99 from 2–4 s to about 1 s).
 */
const connectionPool = { minPoolSize: 20, maxConnecting: 10 };
// How often the driver looks whether a database that went away is back (its default is 10 s): while
// it is away the api refuses requests at once, so this is what ends an outage for the users.
const heartbeatFrequencyMS = 2_000;

/** What a query may spend in the server unless it sets its own `maxTimeMS` (exports set a longer one). */
export const queryTimeoutMs = 10_000;

// Every query and aggregation of every model is bounded, so one slow scan cannot hold a request open.
// Not `distinct`: FerretDB v1 refuses it with an unknown field "maxTimeMS".
const boundedQueries: MongooseDefaultQueryMiddleware[] = [
  'countDocuments',
  'deleteMany',
  'deleteOne',
  'estimatedDocumentCount',
  'find',
  'findOne',
  'findOneAndDelete',
  'findOneAndReplace',
  'findOneAndUpdate',
  'replaceOne',
  'updateMany',
  'updateOne',
];

function boundQueryTime(schema: MongooseSchema): void {
  schema.pre(boundedQueries, function setDefaultMaxTime() {
    if (this.getOptions().maxTimeMS === undefined) this.maxTimeMS(queryTimeoutMs);
  });
  schema.pre('aggregate', function setDefaultMaxTime() {
    if (this.options.maxTimeMS === undefined) this.option({ maxTimeMS: queryTimeoutMs });
  });
}
// Applied to each schema when its model is compiled; model files import this module first.
mongoose.plugin(boundQueryTime);

export async function connectDatabase({
  uri,
  dbName,
  timeouts = databaseTimeouts,
}: {
  uri: string;
  dbName: string;
  /** Shorter ones only in tests that take the database away. */
  timeouts?: DatabaseTimeouts;
}): Promise<void> {
  await mongoose.connect(uri, { dbName, ...timeouts, ...connectionPool, heartbeatFrequencyMS });
}

export async function disconnectDatabase(): Promise<void> {
  await mongoose.disconnect();
}

// The driver's and Mongoose's names for "the database is not there or did not answer in time".
const unavailableErrorNames = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  'MongoWaitQueueTimeoutError',
]);
// The server's code when a command ran past its maxTimeMS (MongoDB and FerretDB alike).
const maxTimeExpiredCode = 50;

/** True for failures that mean "the database is away or overloaded, try again soon", not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (unavailableErrorNames.has(error.name)) return true;
  if (error instanceof mongoose.mongo.MongoNetworkError) return true;
  if (error instanceof mongoose.mongo.MongoServerError && error.code === maxTimeExpiredCode) return true;
  // Mongoose's own when it held an operation while disconnected and gave up (bufferTimeoutMS).
  return error instanceof mongoose.Error && / buffering timed out after /.test(error.message);
}

// MongoDB's code for a write that breaks a unique index. FerretDB v1 gives it for inserts only: an
// update that breaks one comes back as code 1 (InternalError) with PostgreSQL's unique violation
// (SQLSTATE 23505) in its message.
const duplicateKeyCode = 11000;
const postgresUniqueViolation = /\(SQLSTATE 23505\)/;

/** True when a write failed because another document already holds the value of a unique index. */
export function isDuplicateKey(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // Also a bulk write's error for one document, which carries the code without being a server error.
  const { code } = error as Error & { code?: unknown };
  return code === duplicateKeyCode || postgresUniqueViolation.test(error.message);
}

/**
 * The documents of a query cursor, closing it however the loop ends. Mongoose's cursor has no
 * `return()`, so a `break` or a throw inside `for await` leaves it open on the server, and FerretDB
 * holds one PostgreSQL connection of its pool (50) for every open cursor that has more to give, until
 * the client's connection closes: fifty scans cut short by their time budget stopped every query.
 */
export async function* closing<T, Options>(cursor: mongoose.Cursor<T, Options>): AsyncGenerator<T> {
  try {
    for await (const document of cursor) yield document as T;
  } finally {
    await cursor.close();
  }
}

export async function pingDatabase({ timeoutMs }: { timeoutMs: number }): Promise<void> {
  const database = mongoose.connection.db;
  if (mongoose.connection.readyState !== mongoose.ConnectionStates.connected || !database) {
    throw new Error('The database is not connected');
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`The database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([database.command({ ping: 1 }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the api holds a working connection to the database right now. */
export function isDatabaseConnected(): boolean {
  return mongoose.connection.readyState === mongoose.ConnectionStates.connected;
}

let hasEverConnected = false;
mongoose.connection.on('connected', () => {
  hasEverConnected = true;
});

/** Why the database is not there: never reached since the start, or lost since. */
export function databaseAbsence(): 'connecting' | 'disconnected' {
  return hasEverConnected ? 'disconnected' : 'connecting';
}

/**
 * Connects, trying again every `retryMs` until it works: the api serves (503s, /health) meanwhile and
 * does the rest of its start once the database is there. Each failed try is reported to `onFailure`.
 */
export async function connectWhenReachable({
  uri,
  dbName,
  timeouts = databaseTimeouts,
  retryMs = 2_000,
  onFailure,
}: {
  uri: string;
  dbName: string;
  timeouts?: DatabaseTimeouts;
  retryMs?: number;
  onFailure: (error: unknown) => void;
}): Promise<void> {
  for (;;) {
    try {
      await connectDatabase({ uri, dbName, timeouts });
      return;
    } catch (error) {
      onFailure(error);
      await mongoose.disconnect().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }
}
