import { randomUUID } from 'node:crypto';
import type { FormDefinitionInput } from '@formwerk/contracts';
import { Types } from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../platform/app';
import { blockOf } from '../../platform/block-paging';
import { startJobWorker } from '../../platform/jobs';
import { createLogger } from '../../platform/logger';
import { QueuedJobModel } from '../../platform/queued-job.model';
import { signUpAndSignIn } from '../../test/accounts';
import { createTestAgent, type TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { FormCounterModel } from '../forms/form-counter.model';
import { SealedBlockModel } from './sealed-block.model';
import { sealBlocksJob, sealBlocksJobName } from './sealed-blocks';
import { issueStartToken } from './start-token';
import { SubmissionModel } from './submission.model';

useTestDatabase();
const logger = createLogger({ level: 'silent' });
const app = createApp({ logger });

// The sealing runs as the api runs it: queued, then taken by a job worker.
let worker: { stop: () => Promise<void> };
beforeAll(async () => {
  worker = await startJobWorker({ definitions: [sealBlocksJob], logger, processEveryMs: 100 });
});
afterAll(() => worker.stop());

const sealBlock = (formId: string, block: number) => sealBlocksJob.run({ formId, blocks: [block] });

const definition: FormDefinitionInput = {
  title: 'Anmeldung',
  language: 'en',
  pages: [{ id: 'p1', fields: [{ id: 'name', type: 'shortText', label: 'Name', required: true }] }],
};

async function createPublishedForm(email: string): Promise<{ agent: TestAgent; teamId: number; formId: string }> {
  const agent = createTestAgent(app);
  const { teamId } = (await signUpAndSignIn(agent, { name: email, email, password: 'correct horse battery' })).body;
  const formId: string = (await agent.post('/api/v1/forms').send({ title: 'Anmeldung' }).expect(201)).body.id;
  await agent.put(`/api/v1/forms/${formId}`).send({ version: 1, definition }).expect(200);
  await agent.post(`/api/v1/forms/${formId}/publish`).expect(200);
  return { agent, teamId, formId };
}

/** Stores `total` numbered submissions as the api would have, counters included, without the requests. */
async function storeSubmissions(teamId: number, formId: string, total: number): Promise<void> {
  await SubmissionModel.insertMany(
    Array.from({ length: total }, (_, index) => ({
      formId,
      teamId,
      formVersion: 1,
      answers: { name: `Person ${index + 1}` },
      idempotencyKey: randomUUID(),
      seq: index + 1,
      block: blockOf(index + 1),
      teamSeq: index + 1,
      teamBlock: blockOf(index + 1),
    })),
  );
  await FormCounterModel.updateOne({ _id: formId }, { $inc: { seq: total, count: total } });
}

const sealedBlocksOf = async (formId: string) =>
  (await SealedBlockModel.find({ formId }, { _id: 1 }).lean()).map((sealed) => sealed._id).sort();

async function exportedNames(agent: TestAgent, formId: string): Promise<string[]> {
  const csv = (await agent.get(`/api/v1/forms/${formId}/submissions/export?format=csv&locale=en`).expect(200)).text;
  return csv
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(',')[1] ?? '');
}

const names = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `Person ${from + index}`);

describe('sealed blocks of submissions', () => {
  it('are made of each full block after its first read and then read instead of its rows; the newest, unfilled block never is', async () => {
    const { agent, teamId, formId } = await createPublishedForm('versiegelt@example.com');
    await storeSubmissions(teamId, formId, 250);
    expect(await sealedBlocksOf(formId)).toEqual([]);

    expect(await exportedNames(agent, formId)).toEqual(names(1, 250));
    await vi.waitFor(async () => expect(await sealedBlocksOf(formId)).toEqual([`${formId}:0`, `${formId}:1`]));

    // The copy is what is read now: a row changed behind the api's back (it never changes one) stays
    // unseen in the sealed block, and is seen in the newest one, read row by row.
    await SubmissionModel.updateOne({ formId, seq: 5 }, { $set: { 'answers.name': 'Changed' } });
    await SubmissionModel.updateOne({ formId, seq: 205 }, { $set: { 'answers.name': 'Changed' } });
    const exported = await exportedNames(agent, formId);
    expect(exported[4]).toBe('Person 5');
    expect(exported[204]).toBe('Changed');

    const page = (await agent.get(`/api/v1/forms/${formId}/submissions?page=3&pageSize=50&order=asc`).expect(200)).body;
    expect(page.submissions.map((row: { answers: { name: string } }) => row.answers.name)).toEqual(names(101, 150));
  });

  it('go with a deletion of any of their rows, and the block is sealed again without it', async () => {
    const { agent, teamId, formId } = await createPublishedForm('loeschen@example.com');
    await storeSubmissions(teamId, formId, 200);
    await exportedNames(agent, formId);
    await vi.waitFor(async () => expect(await sealedBlocksOf(formId)).toHaveLength(2));

    const doomed = await SubmissionModel.findOne({ formId, seq: 150 }).lean();
    await agent
      .post(`/api/v1/forms/${formId}/submissions/delete`)
      .send({ ids: [doomed?._id.toString()] })
      .expect(200);
    expect(await sealedBlocksOf(formId)).toEqual([`${formId}:0`]);

    const withoutIt = [...names(1, 149), ...names(151, 200)];
    expect(await exportedNames(agent, formId)).toEqual(withoutIt);
    await vi.waitFor(async () => expect(await sealedBlocksOf(formId)).toHaveLength(2));
    expect((await SealedBlockModel.findById(`${formId}:1`).lean())?.removals).toBe(1);
    expect(await exportedNames(agent, formId)).toEqual(withoutIt);
  });

  it('are never read once a row of theirs was removed after they were made, even when a late copy is stored', async () => {
    const { agent, teamId, formId } = await createPublishedForm('spaet@example.com');
    await storeSubmissions(teamId, formId, 100);
    await sealBlock(formId, 0);
    const lateCopy = await SealedBlockModel.findById(`${formId}:0`).lean();
    expect(lateCopy?.removals).toBe(0);

    const doomed = await SubmissionModel.findOne({ formId, seq: 7 }).lean();
    await agent
      .post(`/api/v1/forms/${formId}/submissions/delete`)
      .send({ ids: [doomed?._id.toString()] })
      .expect(200);
    // A sealing that read the rows before the deletion and writes after it (storeSeal takes such a
    // copy away again, which this test skips): the counter's removals tell it apart.
    await SealedBlockModel.create(lateCopy);

    expect(await exportedNames(agent, formId)).toEqual([...names(1, 6), ...names(8, 100)]);
  });

  it('are not made of a block whose rows are not all stored yet', async () => {
    const { teamId, formId } = await createPublishedForm('unterwegs@example.com');
    await storeSubmissions(teamId, formId, 100);
    // One number given whose row is still on its way.
    await SubmissionModel.deleteOne({ formId, seq: 100 });
    await sealBlock(formId, 0);
    expect(await sealedBlocksOf(formId)).toEqual([]);
  });

  it('are queued by the public submission that takes the last number of a block, and go with their form', async () => {
    const { agent, teamId, formId } = await createPublishedForm('oeffentlich@example.com');
    await storeSubmissions(teamId, formId, 99);
    const { servedAt } = (await request(app).get(`/api/v1/public/forms/${formId}`).expect(200)).body;
    await request(app)
      .post(`/api/v1/public/forms/${formId}/submissions`)
      .send({
        answers: { name: 'Person 100' },
        idempotencyKey: randomUUID(),
        startToken: issueStartToken(formId, servedAt - 5000),
      })
      .expect(201);
    const queued = await QueuedJobModel.findOne({ name: sealBlocksJobName }).lean();
    expect(queued?.data).toEqual({ formId, blocks: [0] });
    // Behind the inserts that took the block's other numbers at the same time (`due` is a second).
    expect((queued?.due ?? 0) * 1000).toBeGreaterThan(Date.now() + 3_000);

    await sealBlock(formId, 0);
    expect(await sealedBlocksOf(formId)).toEqual([`${formId}:0`]);
    expect(await exportedNames(agent, formId)).toEqual(names(1, 100));

    await agent.delete(`/api/v1/forms/${formId}`).expect(204);
    expect(await SealedBlockModel.countDocuments({ formId: new Types.ObjectId(formId) })).toBe(0);
  });
});
