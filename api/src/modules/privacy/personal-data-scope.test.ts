import { createHash, randomUUID } from 'node:crypto';
import type { FormDefinitionInput } from '@formwerk/contracts';
import mongoose from 'mongoose';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { givePlan } from '../../test/billing';
import { useTestDatabase } from '../../test/test-database';
import { createPublishedForm, type Person, signUp, waitUntil } from '../form-notifications/notifications-test-helpers';
import { issueStartToken } from '../submissions/start-token';
import { approvalStep, endNodes, graphOf, publishWorkflow, useWorkflowJobs } from '../workflows/workflow-test-helpers';

// What an erasure must leave alone, and what a link must not open: the other side of privacy.router.test.ts.

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
useWorkflowJobs();

const definition: FormDefinitionInput = {
  title: 'Antrag',
  language: 'en',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        { id: 'cv', type: 'fileUpload', label: 'Proof', accept: ['application/pdf'], maxSizeMb: 1, maxFiles: 1 },
      ],
    },
  ],
};

let owner: Person;
let formId: string;
let workflowId: string;
let address = 0;
const nextAddress = () => {
  address += 1;
  return `192.0.2.${100 + address}`;
};
const database = () => {
  const db = mongoose.connection.db;
  if (!db) throw new Error('Not connected');
  return db;
};

beforeAll(async () => {
  owner = await signUp(app, 'Olga Owner', 'olga@example.com', 'en');
  await givePlan(owner.teamId, 'business-month');
  formId = await createPublishedForm(owner.agent, definition);
  workflowId = await publishWorkflow(owner, {
    formIds: [formId],
    graph: graphOf(
      [{ id: 'start', type: 'start' }, approvalStep('s1', [owner]), ...endNodes],
      ['start:out>s1', 's1:approved>yes', 's1:rejected>no'],
    ),
  });
});

/** A fill with one file; answers the receipt's link and the file's id once its workflow runs. */
async function submitWithFile(name: string): Promise<{ token: string; submissionId: string; fileId: string }> {
  const file = await request(app)
    .post(`/api/v1/public/forms/${formId}/files`)
    .query({ fieldId: 'cv' })
    .set('Content-Type', 'application/octet-stream')
    .set('X-File-Name', `${name}.pdf`)
    .set('X-Forwarded-For', nextAddress())
    .send(Buffer.from(`%PDF-1.7\n${name}\n%%EOF`))
    .expect(201);
  const { servedAt } = (await request(app).get(`/api/v1/public/forms/${formId}`).expect(200)).body;
  const submitted = await request(app)
    .post(`/api/v1/public/forms/${formId}/submissions`)
    .set('X-Forwarded-For', nextAddress())
    .send({
      answers: { name, cv: [file.body] },
      idempotencyKey: randomUUID(),
      startToken: issueStartToken(formId, servedAt - 5000),
    })
    .expect(201);
  expect(submitted.body.personalDataPath).toMatch(/^\/en\/mydata\/[A-Za-z0-9_-]{43}$/);
  await waitUntil(
    () => owner.agent.get(`/api/v1/submissions/${submitted.body.submissionId}/workflow`),
    (response) => response.status === 200,
  );
  return {
    token: submitted.body.personalDataPath.split('/').at(-1),
    submissionId: submitted.body.submissionId,
    fileId: file.body.fileId,
  };
}

const runningOfWorkflow = async () =>
  (
    await database()
      .collection('workflowcounters')
      .findOne({ _id: new mongoose.Types.ObjectId(workflowId) })
  )?.running;

describe('the scope of a private link', () => {
  it('stores only the hash of its token', async () => {
    const { token, submissionId } = await submitWithFile('Hash Only');
    const hash = createHash('sha256').update(token).digest('hex');
    const stored = await database()
      .collection('personal_data_accesses')
      .findOne({ _id: hash as never });
    expect(stored?.submissionId.toString()).toBe(submissionId);
    const everything = await database().collection('personal_data_accesses').find().toArray();
    expect(JSON.stringify(everything)).not.toContain(token);
  });

  it('downloads the files of its own submission only', async () => {
    const mine = await submitWithFile('Mine');
    const other = await submitWithFile('Other');
    const download = await request(app)
      .get(`/api/v1/public/mydata/${mine.token}/files/${mine.fileId}`)
      .buffer()
      .expect(200);
    expect(download.headers['content-disposition']).toContain('Mine.pdf');
    expect(download.headers['cache-control']).toBe('private, no-store');
    const foreign = await request(app).get(`/api/v1/public/mydata/${mine.token}/files/${other.fileId}`).expect(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
  });

  it('erases one submission and leaves another one, its file and its approval, with the running count exact', async () => {
    const erased = await submitWithFile('Erased');
    const kept = await submitWithFile('Kept');
    const runningBefore = await runningOfWorkflow();

    await request(app)
      .post(`/api/v1/public/mydata/${erased.token}/erasure`)
      .send({ confirmation: 'erase' })
      .expect(200);

    expect(await runningOfWorkflow()).toBe((runningBefore ?? 0) - 1);
    const fileIdOf = (fileId: string) => new mongoose.Types.ObjectId(fileId);
    expect(
      await database()
        .collection('files.chunks')
        .countDocuments({ files_id: fileIdOf(erased.fileId) }),
    ).toBe(0);
    expect(
      await database()
        .collection('files.chunks')
        .countDocuments({ files_id: fileIdOf(kept.fileId) }),
    ).toBe(1);
    await owner.agent.get(`/api/v1/submissions/${erased.submissionId}/workflow`).expect(404);
    await owner.agent.get(`/api/v1/submissions/${kept.submissionId}/workflow`).expect(200);
    const shown = await request(app).get(`/api/v1/public/mydata/${kept.token}`).expect(200);
    expect(shown.body.answers[0]).toEqual({ fieldId: 'name', label: 'Name', text: 'Kept' });
    expect(shown.body.workflow).toEqual({ name: 'Freigabe', status: 'running' });
  });
});
