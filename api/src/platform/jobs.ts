import { setTimeout as sleep } from 'node:timers/promises';
import { MongoBackend } from '@agendajs/mongo-backend';
import { Agenda, backoffStrategies, type Job } from 'agenda';
import mongoose from 'mongoose';
import type { Logger } from './logger';

/**
 * Work that outlives a request (mail now; Mailchimp, reminders and schedules later) goes through a
 * job queue in the same database, so several api instances share it and a restart loses nothing
 * (ARCHITECTURE.md decision 9). Agenda 6 runs on MongoDB and on FerretDB alike.
 */
export type JobDefinition<Data> = {
  name: string;
  run: (data: Data) => Promise<void>;
  /** For housekeeping that repeats on its own: the pause between two runs. */
  everyMs?: number;
};

let agenda: Agenda | undefined;

/** How long a stopping worker waits for its running jobs (below the api's grace period on shutdown). */
const drainTimeoutMs = 8_000;
const drainCheckMs = 50;

function createAgenda(processEveryMs: number): Agenda {
  const database = mongoose.connection.db;
  if (!database) throw new Error('Jobs need a connected database');
  return new Agenda({
    backend: new MongoBackend({ mongo: database, collection: 'jobs' }),
    processEvery: processEveryMs,
  });
}

/** Queues a job to run as soon as a worker is free (or `delayMs` later); it survives restarts until done. */
export async function enqueueJob(
  name: string,
  data: object,
  { delayMs = 0 }: { delayMs?: number } = {},
): Promise<void> {
  agenda ??= createAgenda(1000);
  await agenda.ready;
  if (delayMs > 0) await agenda.schedule(new Date(Date.now() + delayMs), name, data);
  else await agenda.now(name, data);
}

/**
 * Takes no more jobs and waits for the running ones. Agenda's drain() misses the end of a job that
 * is still storing its result when it completes (it looks once, right after), so the count of running
 * jobs is watched alongside.
 */
async function drain(worker: Agenda): Promise<{ timedOut: boolean }> {
  const watch = new AbortController();
  let isDrained = false;
  const draining = worker
    .drain({ timeout: drainTimeoutMs, signal: watch.signal, closeConnection: false })
    .finally(() => {
      isDrained = true;
    });
  while (!isDrained) {
    const { runningJobs } = await worker.getRunningStats();
    if ((typeof runningJobs === 'number' ? runningJobs : runningJobs.length) === 0) break;
    await sleep(drainCheckMs);
  }
  watch.abort();
  return draining;
}

/**
 * Runs queued jobs in this process. A failing job is retried with exponential backoff (1 min, 2, 4,
 * … six times); after the last attempt it stays in the `jobs` collection with its failure reason.
 */
export async function startJobWorker({
  definitions,
  logger,
  processEveryMs = 1000,
  firstRetryDelayMs = 60_000,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: each definition has its own data type
  definitions: JobDefinition<any>[];
  logger: Logger;
  processEveryMs?: number;
  firstRetryDelayMs?: number;
}): Promise<{ stop: () => Promise<void> }> {
  const worker = createAgenda(processEveryMs);
  agenda = worker;
  const backoff = backoffStrategies.exponential({ delay: firstRetryDelayMs, maxRetries: 6 });
  for (const definition of definitions) {
    worker.define(definition.name, (job: Job) => definition.run(job.attrs.data), {
      backoff,
      // A repeating job stays, to be run again.
      removeOnComplete: definition.everyMs === undefined,
    });
  }
  worker.on('fail', (error: Error, job: Job) =>
    logger.warn({ err: error, job: job.attrs.name, failCount: job.attrs.failCount }, 'job failed'),
  );
  worker.on('retry exhausted', (error: Error, job: Job) =>
    logger.error({ err: error, job: job.attrs.name }, 'job failed for good'),
  );
  await worker.start();
  for (const definition of definitions) {
    if (definition.everyMs) await worker.every(definition.everyMs, definition.name, {});
  }
  return {
    stop: async () => {
      // Running jobs finish first: one finishing after the database was closed would open it again (the
      // driver reconnects on use) and keep the process from exiting. Those still running by then are
      // unlocked for another instance.
      const drained = await drain(worker);
      if (drained.timedOut) await worker.stop(false);
      if (agenda === worker) agenda = undefined;
    },
  };
}
