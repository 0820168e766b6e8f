import { randomUUID } from 'node:crypto';
import type { FormDefinitionInput, PersonalDataExport, SubmissionListResponse } from '@formwerk/contracts';
import mongoose from 'mongoose';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { givePlan } from '../../test/billing';
import { useTestDatabase } from '../../test/test-database';
import { linkOf } from '../../test/test-mail';
import { createPublishedForm, type Person, signUp, waitUntil } from '../form-notifications/notifications-test-helpers';
import { NotificationModel } from '../notifications/notification.model';
import { issueStartToken } from '../submissions/start-token';
import { approvalStep, endNodes, graphOf, publishWorkflow, useWorkflowJobs } from '../workflows/workflow-test-helpers';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
const mailbox = useWorkflowJobs();

// The subject: what they type is unusual enough that any copy of it left anywhere is found.
const subject = { name: 'Zenobia Quirrelwyn', email: 'zenobia.quirrelwyn@example.com' };

const definition: FormDefinitionInput = {
  title: 'Mitgliedsantrag',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        { id: 'email', type: 'email', label: 'E-Mail' },
        { id: 'cv', type: 'fileUpload', label: 'Nachweis', accept: ['application/pdf'], maxSizeMb: 1, maxFiles: 2 },
      ],
    },
  ],
};

const pdfOf = (text: string) => Buffer.from(`%PDF-1.7\n${text}\n%%EOF`);

let owner: Person;
let formId: string;
let address = 0;
const nextAddress = () => {
  address += 1;
  return `192.0.2.${address}`;
};

async function upload(fieldId: string, bytes: Buffer, name: string) {
  const response = await request(app)
    .post(`/api/v1/public/forms/${formId}/files`)
    .query({ fieldId })
    .set('Content-Type', 'application/octet-stream')
    .set('X-File-Name', encodeURIComponent(name))
    .set('X-Forwarded-For', nextAddress())
    .send(bytes);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function submit(answers: object, idempotencyKey: string = randomUUID()) {
  const { servedAt } = (await request(app).get(`/api/v1/public/forms/${formId}`).expect(200)).body;
  return request(app)
    .post(`/api/v1/public/forms/${formId}/submissions`)
    .set('X-Forwarded-For', nextAddress())
    .send({ answers, idempotencyKey, startToken: issueStartToken(formId, servedAt - 5000) });
}

/** The token of a `/mydata/{token}` path. */
const tokenOf = (path: string) => path.split('/').at(-1) as string;
const readData = (token: string) =>
  request(app).get(`/api/v1/public/mydata/${token}`).set('X-Forwarded-For', nextAddress());
const erase = (token: string, body: object = { confirmation: 'erase' }) =>
  request(app).post(`/api/v1/public/mydata/${token}/erasure`).set('X-Forwarded-For', nextAddress()).send(body);

/** Every document of every collection that holds one of `needles` anywhere, as `collection: document`. */
async function findEverywhere(needles: string[]): Promise<string[]> {
  const database = mongoose.connection.db;
  if (!database) throw new Error('Not connected');
  const found: string[] = [];
  for (const { name } of await database.listCollections().toArray()) {
    for (const document of await database.collection(name).find().toArray()) {
      const text = JSON.stringify(document);
      if (needles.some((needle) => text.includes(needle))) found.push(`${name}: ${text.slice(0, 300)}`);
    }
  }
  return found;
}

beforeAll(async () => {
  owner = await signUp(app, 'Olga Owner', 'olga@example.com', 'de');
  await givePlan(owner.teamId, 'business-month');
  formId = await createPublishedForm(owner.agent, definition);
  const graph = graphOf(
    [{ id: 'start', type: 'start' }, approvalStep('s1', [owner]), ...endNodes],
    ['start:out>s1', 's1:approved>yes', 's1:rejected>no'],
  );
  await publishWorkflow(owner, { formIds: [formId], graph });
});

describe('the private link of a submission', () => {
  it('is answered with the submission, mailed to the address the respondent gave, and shows their answers', async () => {
    const email = `link-${randomUUID()}@example.com`;
    const submitted = await submit({ name: 'Lina Link', email, cv: [] });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const path: string = submitted.body.personalDataPath;
    expect(path).toMatch(/^\/mydata\/[A-Za-z0-9_-]{43}$/);

    const mail = await mailbox.waitForMail(email, /Ihre Angaben zu „Mitgliedsantrag“/);
    expect(linkOf(mail).pathname).toBe(path);
    // The answers themselves stay out of the mail.
    expect(mail.text).not.toContain('Lina Link');

    const data = await readData(tokenOf(path)).expect(200);
    expect(data.headers['cache-control']).toBe('private, no-store');
    expect(data.body).toMatchObject({
      formTitle: 'Mitgliedsantrag',
      language: 'de',
      answers: [
        { fieldId: 'name', label: 'Name', text: 'Lina Link' },
        { fieldId: 'email', label: 'E-Mail', text: email },
      ],
      files: [],
    });
  });

  it('without an email answer, is only shown, and a retry of the same fill gets a link without a second mail', async () => {
    const idempotencyKey = randomUUID();
    const first = await submit({ name: 'Ohne Adresse', cv: [] }, idempotencyKey);
    expect(first.status).toBe(201);
    const retry = await submit({ name: 'Ohne Adresse', cv: [] }, idempotencyKey);
    expect(retry.status).toBe(200);
    expect(retry.body.personalDataPath).not.toBe(first.body.personalDataPath);
    const [one, two] = await Promise.all(
      [first.body.personalDataPath, retry.body.personalDataPath].map((path: string) => readData(tokenOf(path))),
    );
    expect(one?.status).toBe(200);
    expect(two?.body.answers).toEqual(one?.body.answers);
  });

  it('with an unknown or malformed token, answers 404 LINK_INVALID', async () => {
    const unknown = await readData('A'.repeat(43)).expect(404);
    expect(unknown.body.error.code).toBe('LINK_INVALID');
    await readData('short').expect(404);
    await request(app)
      .get(`/api/v1/public/mydata/${'B'.repeat(43)}/export`)
      .expect(404);
    await erase('C'.repeat(43)).expect(404);
  });

  it('answers one address at most 60 times in 10 minutes, whatever it asks for', async () => {
    const asking = '198.18.0.1';
    const ask = () =>
      request(app)
        .get(`/api/v1/public/mydata/${'D'.repeat(43)}`)
        .set('X-Forwarded-For', asking);
    for (let count = 0; count < 60; count += 1) await ask().expect(404);
    const refused = await ask().expect(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
  });

  it('erases nothing without the confirmation in the body', async () => {
    const { personalDataPath } = (await submit({ name: 'Unbestätigt', cv: [] })).body;
    const token = tokenOf(personalDataPath);
    await erase(token, {}).expect(400);
    await erase(token, { confirmation: 'yes' }).expect(400);
    await readData(token).expect(200);
  });
});

describe('a subject across submissions, files and workflow history', () => {
  it('exports everything of each submission, and after erasure nothing of it is left anywhere', async () => {
    const files = [
      await upload('cv', pdfOf('Zeugnis Quirrelwyn'), 'zeugnis-quirrelwyn.pdf'),
      await upload('cv', pdfOf('Ausweis Quirrelwyn'), 'ausweis-quirrelwyn.pdf'),
    ];
    const paths: string[] = [];
    const submissionIds: string[] = [];
    for (const cv of [[files[0]], [files[1]]]) {
      const submitted = await submit({ ...subject, cv });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
      paths.push(submitted.body.personalDataPath);
      submissionIds.push(submitted.body.submissionId);
      // Its workflow started, and its approval stands in the owner's inbox with a history entry.
      await waitUntil(
        () => owner.agent.get(`/api/v1/submissions/${submitted.body.submissionId}/workflow`),
        (answer) => answer.status === 200,
      );
    }
    const tokens = paths.map(tokenOf);
    const before = (await owner.agent.get(`/api/v1/forms/${formId}/submissions`).expect(200))
      .body as SubmissionListResponse;

    for (const [index, token] of tokens.entries()) {
      const exported = await request(app).get(`/api/v1/public/mydata/${token}/export`).expect(200);
      expect(exported.headers['content-disposition']).toMatch(
        /^attachment; filename="?formwerk-data-\d{4}-\d{2}-\d{2}\.json/,
      );
      const body = exported.body as PersonalDataExport;
      expect(body.submission.answers).toMatchObject({ name: subject.name, email: subject.email });
      expect(body.submission.readableAnswers.map((answer) => answer.label)).toEqual(['Name', 'E-Mail', 'Nachweis']);
      expect(body.files).toHaveLength(1);
      expect(Buffer.from(body.files[0]?.contentBase64 ?? '', 'base64').toString()).toContain(
        index === 0 ? 'Zeugnis Quirrelwyn' : 'Ausweis Quirrelwyn',
      );
      expect(body.workflow?.answers).toMatchObject({ name: subject.name });
      expect(body.workflow?.timeline.length).toBeGreaterThan(0);
    }
    // The link's own mail is set off by both submissions, and is theirs to learn of.
    await waitUntil(
      async () => mailbox.countMails(subject.email, /Ihre Angaben/),
      (count) => count === 2,
    );

    // The owner's notification centre tells of each request's approval task.
    const noticesAbout = (submissionId: string) => NotificationModel.countDocuments({ submissionId });
    for (const submissionId of submissionIds) {
      await waitUntil(
        () => noticesAbout(submissionId),
        (count) => count > 0,
      );
    }

    // Before: the subject is stored in several collections (the check below can find them).
    expect((await findEverywhere([subject.name])).length).toBeGreaterThan(0);

    for (const token of tokens) {
      const erased = await erase(token).expect(200);
      expect(Date.parse(erased.body.erasedAt)).not.toBeNaN();
    }

    // Nothing of the subject anywhere: answers, files (GridFS files and chunks), workflow and inbox,
    // deliveries, notifications, queued mails.
    expect(await findEverywhere([subject.name, subject.email, 'Quirrelwyn'])).toEqual([]);
    for (const path of paths) expect(await findEverywhere([tokenOf(path)])).toEqual([]);
    // Nor a notice about what is gone, which would lead to a page that is no more.
    for (const submissionId of submissionIds) expect(await noticesAbout(submissionId)).toBe(0);

    // The form's counters lost exactly the erased submissions.
    const after = (await owner.agent.get(`/api/v1/forms/${formId}/submissions`).expect(200))
      .body as SubmissionListResponse;
    expect(after.total).toBe(before.total - 2);

    // The links now say "erased" (410) with when, every one of them, for reading, export and erasure.
    for (const token of tokens) {
      const gone = await readData(token).expect(410);
      expect(gone.body.error.code).toBe('LINK_INVALID');
      expect(Date.parse(gone.body.error.details.erasedAt)).not.toBeNaN();
      await request(app).get(`/api/v1/public/mydata/${token}/export`).expect(410);
      await erase(token).expect(410);
    }

    // The owner learns that two submissions were erased, by number and date, and nothing else.
    const erasures = await owner.agent.get(`/api/v1/forms/${formId}/erasures`).expect(200);
    expect(erasures.body.erasures).toHaveLength(2);
    for (const erasure of erasures.body.erasures) {
      expect(Object.keys(erasure).sort()).toEqual(['erasedAt', 'submissionNumber']);
      expect(erasure.submissionNumber).toEqual(expect.any(Number));
    }
  });

  it('shows the erasures to members of the form team only', async () => {
    const outsider = await signUp(app, 'Otto Outsider', `otto-${randomUUID()}@example.com`, 'de');
    await outsider.agent.get(`/api/v1/forms/${formId}/erasures`).expect(404);
    await request(app).get(`/api/v1/forms/${formId}/erasures`).expect(401);
  });
});
