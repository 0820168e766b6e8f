import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/test-database';
import { enqueueJob, startJobWorker } from './jobs';
import { createLogger } from './logger';

useTestDatabase();

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
            await new Promise((resolve) => setTimeout(resolve, 500));
            events.push('finished');
          },
        },
      ],
      logger: createLogger({ level: 'silent' }),
      processEveryMs: 50,
    });
    await enqueueJob('slow-job', {});
    await isRunning;
    await worker.stop();
    events.push('stopped');
    expect(events).toEqual(['started', 'finished', 'stopped']);
    // Nothing of the worker writes any more: the job's end was stored before stop() returned.
    const job = await mongoose.connection.collection('jobs').findOne({ name: 'slow-job' });
    expect(job === null || job.lockedAt == null).toBe(true);
  });
});
