import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import mongoose from 'mongoose';
import { trusted } from './db';
import type { Logger } from './logger';
import { QueuedJobModel } from './queued-job.model';

/**
 * Work that outlives a request (mails, approval deadlines, sealing, housekeeping) goes through a job
 * queue in the same database, so several api instances share it and a restart loses nothing
 * (ARCHITECTURE.md decision 9). It finds its jobs by equality only, so it answers as fast on FerretDB
 * with 10 000 jobs waiting as with ten (decision 017: Agenda's claim query read every waiting job of
 * a name for each job it ran).
 */
export type JobDefinition<Data> = {
  name: string;
  run: (data: Data) => Promise<void>;
  /** For housekeeping that repeats on its own: the pause from one run's end to the next run. */
  everyMs?: number;
};

const secondMs = 1000;
const minuteMs = 60_000;
const secondOf = (time: number) => Math.floor(time / secondMs);
const minuteOf = (time: number) => Math.floor(time / minuteMs);

/** The `due` of a job to run as soon as a worker is free. */
const asSoonAsPossible = 0;
/** A running job not finished, nor its lease renewed, within this is given to another worker. */
const leaseMinutes = 10;
/** Seconds each pass looks at again: a job of such a second may have been stored just after it was looked at. */
const overlapSeconds = 2;
/** After a pause longer than this (or at start), one scan of the waiting jobs instead of second by second. */
const maxStepSeconds = 120;
/** A scan for whatever the passes missed (a clock far behind another instance's), now and then. */
const scanEveryMs = 10 * minuteMs;
/** A scan reads the whole queue (on FerretDB in memory): more time than the default for one query. */
const scanTimeoutMs = 25_000;
/** A failing job is retried this often, each time after twice the pause before. */
const maxRetries = 6;
/** How long a stopping worker waits for its running jobs (below the api's grace period on shutdown). */
const drainTimeoutMs = 8_000;

/** Queues a job to run as soon as a worker is free (or `delayMs` later); it survives restarts until done. */
export async function enqueueJob(
  name: string,
  data: object,
  { delayMs = 0 }: { delayMs?: number } = {},
): Promise<void> {
  const due = delayMs > 0 ? Math.ceil((Date.now() + delayMs) / secondMs) : asSoonAsPossible;
  const _id = randomUUID();
  await QueuedJobModel.create({ _id, name, data, due });
  // Stored only once its second had passed (a slow write), it may have been looked for before it was
  // there: it runs as soon as possible instead. Taken meanwhile, it has no `due` and this changes nothing.
  if (due !== asSoonAsPossible && secondOf(Date.now()) >= due) {
    await QueuedJobModel.updateOne({ _id, due }, { $set: { due: asSoonAsPossible } });
  }
}

type Candidate = { _id: string; name: string; due: number };
type Running = { claim: string; done: Promise<void> };

/**
 * Runs queued jobs in this process, at most `concurrency` at once. A failing job is retried with
 * exponential backoff (1 min, 2, 4, … six times); after the last attempt it stays in the queue's
 * collection with its failure reason and no `due`.
 */
export async function startJobWorker({
  definitions,
  logger,
  processEveryMs = 1000,
  firstRetryDelayMs = 60_000,
  concurrency = 8,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: each definition has its own data type
  definitions: JobDefinition<any>[];
  logger: Logger;
  processEveryMs?: number;
  firstRetryDelayMs?: number;
  concurrency?: number;
}): Promise<{ stop: () => Promise<void> }> {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const definitionOf = new Map<string, JobDefinition<any>>(
    definitions.map((definition) => [definition.name, definition]),
  );
  const running = new Map<string, Running>();
  const pause = new AbortController();
  let isStopping = false;
  let lookedUpTo: number | undefined;
  let lastScanAt = 0;
  let leasesCheckedTo: number | undefined;

  await QueuedJobModel.init();
  await importAgendaJobs(logger);
  for (const definition of definitions) {
    if (definition.everyMs === undefined) continue;
    // One document per repeating job, kept across runs and restarts: the next run is never lost or doubled.
    await QueuedJobModel.updateOne(
      { _id: `every:${definition.name}` },
      { $setOnInsert: { name: definition.name, data: {}, due: asSoonAsPossible, attempts: 0 } },
      { upsert: true },
    );
  }

  async function findDue(): Promise<Candidate[]> {
    const now = Date.now();
    const nowSecond = secondOf(now);
    const fields = { _id: 1, name: 1, due: 1 };
    let found: Candidate[];
    if (lookedUpTo === undefined || nowSecond - lookedUpTo > maxStepSeconds || now - lastScanAt > scanEveryMs) {
      // Reads the whole queue: at start, after a long pause and now and then.
      found = await QueuedJobModel.find({ due: trusted({ $lte: nowSecond }) }, fields)
        .maxTimeMS(scanTimeoutMs)
        .lean<Candidate[]>();
      lastScanAt = now;
    } else {
      // One lookup after the other: a worker holds one database connection at a time while it looks.
      found = await QueuedJobModel.find({ due: asSoonAsPossible }, fields).lean<Candidate[]>();
      for (let second = Math.max(1, lookedUpTo - overlapSeconds); second <= nowSecond; second += 1) {
        found.push(...(await QueuedJobModel.find({ due: second }, fields).lean<Candidate[]>()));
      }
    }
    lookedUpTo = nowSecond;
    return found.filter((candidate) => definitionOf.has(candidate.name) && !running.has(candidate._id));
  }

  /** Takes the job if no other worker did: its `due` is the guard. */
  async function claim(candidate: Candidate): Promise<{ data: object; attempts: number; claim: string } | null> {
    const token = randomUUID();
    const taken = await QueuedJobModel.findOneAndUpdate(
      { _id: candidate._id, due: candidate.due },
      { $unset: { due: 1 }, $set: { claim: token, leaseMinute: minuteOf(Date.now()) + leaseMinutes } },
      // FerretDB v1 takes no projection here.
      { new: true },
    ).lean<{ data?: object; attempts: number }>();
    return taken ? { data: taken.data ?? {}, attempts: taken.attempts, claim: token } : null;
  }

  async function run(candidate: Candidate, taken: { data: object; attempts: number; claim: string }): Promise<void> {
    const definition = definitionOf.get(candidate.name);
    if (!definition) return;
    const mine = { _id: candidate._id, claim: taken.claim };
    const release = { $unset: { claim: 1, leaseMinute: 1 } };
    try {
      await definition.run(taken.data);
      if (definition.everyMs === undefined) await QueuedJobModel.deleteOne(mine);
      else {
        const due = Math.ceil((Date.now() + definition.everyMs) / secondMs);
        await QueuedJobModel.updateOne(mine, { ...release, $set: { due } });
      }
    } catch (error) {
      const attempts = taken.attempts + 1;
      const failReason = error instanceof Error ? error.message : String(error);
      logger.warn({ err: error, job: candidate.name, failCount: attempts }, 'job failed');
      if (definition.everyMs !== undefined) {
        const due = Math.ceil((Date.now() + definition.everyMs) / secondMs);
        await QueuedJobModel.updateOne(mine, { ...release, $set: { due, failReason } });
      } else if (attempts <= maxRetries) {
        const due = Math.ceil((Date.now() + firstRetryDelayMs * 2 ** (attempts - 1)) / secondMs);
        await QueuedJobModel.updateOne(mine, { ...release, $set: { due, attempts, failReason } });
      } else {
        logger.error({ err: error, job: candidate.name }, 'job failed for good');
        await QueuedJobModel.updateOne(mine, { ...release, $set: { attempts, failReason, failedAt: new Date() } });
      }
    }
  }

  /** Renews the leases of the jobs running here and frees those whose worker ended without finishing them. */
  async function checkLeases(): Promise<void> {
    const minute = minuteOf(Date.now());
    if (minute === leasesCheckedTo) return;
    for (const [_id, { claim: token }] of running) {
      await QueuedJobModel.updateOne({ _id, claim: token }, { $set: { leaseMinute: minute + leaseMinutes } });
    }
    const fields = { _id: 1, name: 1, leaseMinute: 1 };
    type Leased = { _id: string; name: string; leaseMinute: number };
    let lapsed: Leased[] = [];
    if (leasesCheckedTo === undefined || minute - leasesCheckedTo > maxStepSeconds / 60) {
      // At start and after a long pause: one scan finds the leases of workers that ended meanwhile.
      lapsed = await QueuedJobModel.find({ leaseMinute: trusted({ $lte: minute }) }, fields)
        .maxTimeMS(scanTimeoutMs)
        .lean<Leased[]>();
    } else {
      for (let ended = leasesCheckedTo + 1; ended <= minute; ended += 1) {
        lapsed.push(...(await QueuedJobModel.find({ leaseMinute: ended }, fields).lean<Leased[]>()));
      }
    }
    for (const job of lapsed) {
      const freed = await QueuedJobModel.updateOne(
        { _id: job._id, leaseMinute: job.leaseMinute },
        { $set: { due: asSoonAsPossible }, $unset: { claim: 1, leaseMinute: 1 } },
      );
      if (freed.modifiedCount > 0) logger.warn({ job: job.name }, 'job lease lapsed: queued again');
    }
    leasesCheckedTo = minute;
  }

  async function pass(): Promise<number> {
    await checkLeases();
    let started = 0;
    for (const candidate of await findDue()) {
      while (running.size >= concurrency && !isStopping)
        await Promise.race([...running.values()].map((job) => job.done));
      if (isStopping) break;
      const taken = await claim(candidate);
      if (!taken) continue;
      const done = run(candidate, taken)
        .catch((error: unknown) => logger.error({ err: error, job: candidate.name }, 'job outcome not stored'))
        .finally(() => running.delete(candidate._id));
      running.set(candidate._id, { claim: taken.claim, done });
      started += 1;
    }
    return started;
  }

  const loop = (async () => {
    while (!isStopping) {
      const started = await pass().catch((error: unknown) => {
        logger.warn({ err: error }, 'job queue not read: retrying');
        return 0;
      });
      // A pass that found work looks again at once: a burst is worked off without pauses.
      if (started === 0 && !isStopping)
        await sleep(processEveryMs, undefined, { signal: pause.signal }).catch(() => {});
    }
  })();

  return {
    stop: async () => {
      // Running jobs finish first: one finishing after the database was closed would open it again (the
      // driver reconnects on use) and keep the process from exiting. Those still running by then are
      // queued again for another instance.
      isStopping = true;
      pause.abort();
      await loop;
      const drained = Promise.all([...running.values()].map((job) => job.done)).then(() => true);
      const isDrained = await Promise.race([drained, sleep(drainTimeoutMs, false)]);
      if (isDrained) return;
      for (const [_id, { claim: token }] of running) {
        await QueuedJobModel.updateOne(
          { _id, claim: token },
          { $set: { due: asSoonAsPossible }, $unset: { claim: 1, leaseMinute: 1 } },
        );
      }
    },
  };
}

/**
 * Moves the jobs waiting in Agenda's `jobs` collection (the queue before decision 017) into this
 * queue, once. The instance that stores the marker document first moves them when several start
 * together (FerretDB v1 logs an error renaming a collection with indexes, so no rename). Agenda's
 * repeating jobs are not moved: the definitions make theirs.
 */
async function importAgendaJobs(logger: Logger): Promise<void> {
  const database = mongoose.connection.db;
  if (!database) throw new Error('Jobs need a connected database');
  const [legacy] = await database.listCollections({ name: 'jobs' }, { nameOnly: true }).toArray();
  if (!legacy) return;
  const marker = { _id: 'moving-agenda-jobs', name: 'moving-agenda-jobs', attempts: 0 };
  try {
    await QueuedJobModel.create(marker);
  } catch {
    return; // another instance moves them
  }
  const agendaJobs = database.collection<{
    name: string;
    data?: object;
    nextRunAt?: Date | null;
    repeatInterval?: string;
  }>('jobs');
  const moved = (await agendaJobs.find({}).toArray())
    .filter((job) => !job.repeatInterval && job.nextRunAt instanceof Date)
    .map((job) => ({
      _id: randomUUID(),
      name: job.name,
      data: job.data ?? {},
      due: Math.ceil((job.nextRunAt as Date).getTime() / secondMs),
      attempts: 0,
    }));
  if (moved.length > 0) await QueuedJobModel.insertMany(moved);
  await agendaJobs.drop();
  await QueuedJobModel.deleteOne({ _id: marker._id });
  logger.info({ moved: moved.length }, 'waiting jobs moved from the previous queue');
}
