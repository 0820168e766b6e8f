import { setTimeout as sleep } from 'node:timers/promises';
import mongoose from 'mongoose';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/test-database';
import { enqueueJob, type JobDefinition, startJobWorker } from './jobs';
import { createLogger } from './logger';
import { QueuedJobModel } from './queued-job.model';

useTestDatabase();

const logger = createLogger({ level: 'silent' });
const workers: { stop: () => Promise<void> }[] = [];

// biome-ignore lint/suspicious/noExplicitAny: each definition has its own data type
async function startWorker(definitions: JobDefinition<any>[], options: { firstRetryDelayMs?: number } = {}) {
  const worker = await startJobWorker({ definitions, logger, processEveryMs: 50, ...options });
  workers.push(worker);
  return worker;
}

/** Resolves once `check` holds, polling; fails the test after 15 s. */
async function waitUntil(check: () => boolean | Promise<boolean>): Promise<void> {
  const until = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('waited in vain');
    await sleep(25);
  }
}

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  await QueuedJobModel.deleteMany({});
});

describe('the job queue', () => {
  it('runs each of 200 jobs queued at once exactly once, with two workers taking them', async () => {
    const runs: number[] = [];
    const definition = { name: 'count', run: async ({ index }: { index: number }) => void runs.push(index) };
    await startWorker([definition]);
    await startWorker([definition]);
    // Queued ten at a time, as a busy api would: the workers start on them meanwhile.
    for (let index = 0; index < 200; index += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, offset) => enqueueJob('count', { index: index + offset })));
    }
    await waitUntil(() => runs.length >= 200);
    await sleep(300);
    expect(runs.toSorted((left, right) => left - right)).toEqual(Array.from({ length: 200 }, (_, index) => index));
    expect(await QueuedJobModel.countDocuments({})).toBe(0);
  });

  it('runs a delayed job once its time has come, not before', async () => {
    let ranAt = 0;
    await startWorker([
      {
        name: 'later',
        run: async () => {
          ranAt = Date.now();
        },
      },
    ]);
    const queuedAt = Date.now();
    await enqueueJob('later', {}, { delayMs: 1500 });
    await waitUntil(() => ranAt > 0);
    expect(ranAt - queuedAt).toBeGreaterThanOrEqual(1500);
  });

  it('retries a failing job with its data and keeps the reason of a job that failed for good', async () => {
    const attempts: string[] = [];
    await startWorker(
      [
        {
          name: 'flaky',
          run: async ({ word }: { word: string }) => {
            attempts.push(word);
            if (attempts.length < 3) throw new Error('not yet');
          },
        },
        {
          name: 'broken',
          run: async () => {
            throw new Error('always broken');
          },
        },
      ],
      { firstRetryDelayMs: 10 },
    );
    await enqueueJob('flaky', { word: 'hallo' });
    await waitUntil(() => attempts.length === 3);
    expect(attempts).toEqual(['hallo', 'hallo', 'hallo']);
    await waitUntil(async () => (await QueuedJobModel.countDocuments({ name: 'flaky' })) === 0);

    await enqueueJob('broken', {});
    // First run and six retries (backoff 10, 20, … 320 ms, each rounded up to a whole second).
    await waitUntil(async () => (await QueuedJobModel.findOne({ name: 'broken' }).lean())?.failedAt != null);
    const failed = await QueuedJobModel.findOne({ name: 'broken' }).lean();
    expect(failed).toMatchObject({ attempts: 7, failReason: 'always broken' });
    expect(failed?.due).toBeUndefined();
  }, 30_000);

  it('leaves jobs it has no definition of to the workers that have one', async () => {
    await startWorker([{ name: 'known', run: async () => {} }]);
    await enqueueJob('unknown-here', { kept: true });
    await enqueueJob('known', {});
    await waitUntil(async () => (await QueuedJobModel.countDocuments({ name: 'known' })) === 0);
    expect(await QueuedJobModel.findOne({ name: 'unknown-here' }).lean()).toMatchObject({
      due: 0,
      data: { kept: true },
    });
  });

  it('runs a repeating job at start and again after its pause, from one stored document', async () => {
    let runs = 0;
    await startWorker([
      {
        name: 'tidy',
        everyMs: 1000,
        run: async () => {
          runs += 1;
        },
      },
    ]);
    await waitUntil(() => runs >= 2);
    expect(await QueuedJobModel.countDocuments({ name: 'tidy' })).toBe(1);
  });

  it('gives the job of a worker that ended without finishing it to another once its lease lapsed', async () => {
    // What a worker that crashed while running a job leaves behind: no `due`, a lease that ended.
    const lapsedMinute = Math.floor(Date.now() / 60_000) - 1;
    await QueuedJobModel.create({
      _id: 'orphan',
      name: 'resume',
      data: { n: 1 },
      leaseMinute: lapsedMinute,
      claim: 'x',
    });
    const seen: unknown[] = [];
    await startWorker([{ name: 'resume', run: async (data: unknown) => void seen.push(data) }]);
    await waitUntil(() => seen.length === 1);
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('moves the jobs waiting in the previous queue (Agenda) into this one and runs them', async () => {
    const database = mongoose.connection.db;
    if (!database) throw new Error('not connected');
    await database.collection('jobs').insertMany([
      { name: 'legacy', data: { to: 'a@example.org' }, nextRunAt: new Date(Date.now() - 1000), type: 'normal' },
      { name: 'legacy', data: {}, nextRunAt: null, failReason: 'done for good' },
      { name: 'legacy-repeat', data: {}, nextRunAt: new Date(), repeatInterval: '1 hour' },
    ]);
    const seen: unknown[] = [];
    await startWorker([{ name: 'legacy', run: async (data: unknown) => void seen.push(data) }]);
    await waitUntil(() => seen.length === 1);
    expect(seen).toEqual([{ to: 'a@example.org' }]);
    expect(await database.listCollections({ name: 'jobs' }).toArray()).toEqual([]);
    expect(await QueuedJobModel.countDocuments({ name: 'legacy-repeat' })).toBe(0);
  });
});

describe('stopping the job worker', () => {
  it('lets a running job finish and record its end before it returns, so closing the database after it is final', {
    tags: ['reliability'],
  }, async () => {
    const events: string[] = [];
    let started: () => void = () => {};
    const isRunning = new Promise<void>((resolve) => {
      started = resolve;
    });
    const worker = await startJobWorker({
      definitions: [
        {
          name: 'slow-job',
          run: async () => {
            events.push('started');
            started();
            await sleep(500);
            events.push('finished');
          },
        },
      ],
      logger,
      processEveryMs: 50,
    });
    await enqueueJob('slow-job', {});
    await isRunning;
    await worker.stop();
    events.push('stopped');
    expect(events).toEqual(['started', 'finished', 'stopped']);
    // Nothing of the worker writes any more: the job's end was stored before stop() returned.
    expect(await QueuedJobModel.findOne({ name: 'slow-job' }).lean()).toBeNull();
  });
});
