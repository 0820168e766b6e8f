import { randomUUID } from 'node:crypto';
import type { FormDefinitionInput } from '@formwerk/contracts';
import mongoose from 'mongoose';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpAndSignIn } from '../../test/accounts';
import { createTestAgent, type TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { issueStartToken } from '../submissions/start-token';
import { removeAbandonedUploads } from './files.service';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

const definition: FormDefinitionInput = {
  title: 'Bewerbung',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        {
          id: 'cv',
          type: 'fileUpload',
          label: 'Lebenslauf',
          required: true,
          accept: ['application/pdf'],
          maxSizeMb: 0.1,
          maxFiles: 2,
        },
        { id: 'sign', type: 'signature', label: 'Unterschrift', required: true },
      ],
    },
  ],
};

const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF')]);
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let owner: TestAgent;
let outsider: TestAgent;
let formId: string;
let otherFormId: string;
let address = 0;
const nextAddress = () => {
  address += 1;
  return `203.0.113.${address}`;
};

const upload = (form: string, fieldId: string, body: Buffer, name: string) =>
  request(app)
    .post(`/api/v1/public/forms/${form}/files`)
    .query({ fieldId })
    .set('Content-Type', 'application/octet-stream')
    .set('X-File-Name', encodeURIComponent(name))
    .set('X-Forwarded-For', nextAddress())
    .send(body);

const storedFileCount = () => mongoose.connection.db?.collection('files.files').countDocuments() ?? Promise.resolve(0);

async function submit(answers: object, status: number, form = formId) {
  const { servedAt } = (await request(app).get(`/api/v1/public/forms/${form}`).expect(200)).body;
  return request(app)
    .post(`/api/v1/public/forms/${form}/submissions`)
    .set('X-Forwarded-For', nextAddress())
    .send({ answers, idempotencyKey: randomUUID(), startToken: issueStartToken(form, servedAt - 5000), website: '' })
    .expect(status);
}

async function publishedForm(agent: TestAgent): Promise<string> {
  const id = (await agent.post('/api/v1/forms').send({ title: 'Bewerbung' }).expect(201)).body.id;
  await agent.put(`/api/v1/forms/${id}`).send({ version: 1, definition }).expect(200);
  await agent.post(`/api/v1/forms/${id}/publish`).expect(200);
  return id;
}

beforeAll(async () => {
  owner = createTestAgent(app);
  await signUpAndSignIn(owner, { name: 'Olga', email: 'olga@example.com', password: 'correct horse battery' });
  outsider = createTestAgent(app);
  await signUpAndSignIn(outsider, { name: 'Otto', email: 'otto@example.com', password: 'correct horse battery' });
  formId = await publishedForm(owner);
  otherFormId = await publishedForm(owner);
});

describe('files of respondents', () => {
  it('stores a file whose content is of an allowed type, and refuses one that only claims to be', async () => {
    const accepted = await upload(formId, 'cv', pdf, 'Lebenslauf Ärger.pdf').expect(201);
    expect(accepted.body).toMatchObject({ name: 'Lebenslauf Ärger.pdf', type: 'application/pdf', size: pdf.length });
    const before = await storedFileCount();
    const refused = await upload(formId, 'cv', png, 'looks-like.pdf').expect(415);
    expect(refused.body.error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(await storedFileCount()).toBe(before);
  });

  it('refuses a file over the field’s size while it streams in, and keeps nothing of it', async () => {
    const before = await storedFileCount();
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300_000, 0x20)]);
    const refused = await upload(formId, 'cv', big, 'big.pdf').expect(413);
    expect(refused.body.error.code).toBe('FILE_TOO_LARGE');
    expect(await storedFileCount()).toBe(before);
    expect(await mongoose.connection.db?.collection('files.chunks').countDocuments({ n: { $gte: 1 } })).toBe(0);
  });

  it('links uploaded files to the submission, refuses files of another form, and serves them to the team only', async () => {
    const cv = (await upload(formId, 'cv', pdf, 'cv.pdf').expect(201)).body;
    const signature = (await upload(formId, 'sign', png, 'signature.png').expect(201)).body;
    const foreign = (await upload(otherFormId, 'cv', pdf, 'other.pdf').expect(201)).body;

    const wrong = await submit({ cv: [foreign], sign: [signature] }, 400);
    expect(wrong.body.error.details.issues).toEqual([{ fieldId: 'cv', code: 'invalidFile' }]);

    const twice = await submit({ cv: [cv, cv], sign: [signature] }, 400);
    expect(twice.body.error.details.issues).toEqual([{ fieldId: 'cv', code: 'invalidFile' }]);

    // What the respondent says about a file does not count; the submission keeps what was stored.
    const claimed = { ...cv, name: 'rechnung.exe', size: 1, type: 'text/html' };
    const { submissionId } = (await submit({ cv: [claimed], sign: [signature] }, 201)).body;
    const stored = (await owner.get(`/api/v1/submissions/${submissionId}`).expect(200)).body;
    expect(stored.answers.cv).toEqual([cv]);
    // Taken by that submission, the file cannot be named by another.
    await submit({ cv: [cv], sign: [signature] }, 400);

    const download = await owner.get(`/api/v1/files/${cv.fileId}`).expect(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename=cv.pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(download.body).equals(pdf)).toBe(true);
    const inline = await owner.get(`/api/v1/files/${signature.fileId}`).query({ inline: '1' }).expect(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);

    await outsider.get(`/api/v1/files/${cv.fileId}`).expect(404);
    await request(app).get(`/api/v1/files/${cv.fileId}`).expect(401);
  });

  it('breaks off only the download of a file whose content went missing meanwhile, and goes on serving', {
    tags: ['reliability'],
  }, async () => {
    const cv = (await upload(formId, 'cv', pdf, 'verloren.pdf').expect(201)).body;
    const signature = (await upload(formId, 'sign', png, 'signature.png').expect(201)).body;
    await submit({ cv: [cv], sign: [signature] }, 201);
    // Its chunk no longer where the file says (as when it is deleted while read): the stream fails.
    await mongoose.connection.db
      ?.collection('files.chunks')
      .updateOne({ files_id: new mongoose.Types.ObjectId(String(cv.fileId)) }, { $set: { n: 1 } });

    // The connection closes short of the file, and nothing else happens.
    await expect(owner.get(`/api/v1/files/${cv.fileId}`)).rejects.toThrow();
    const other = await owner.get(`/api/v1/files/${signature.fileId}`).expect(200);
    expect(Buffer.from(other.body).equals(png)).toBe(true);
  });

  it('removes uploads no submission took up after a day', async () => {
    const pending = (await upload(formId, 'cv', pdf, 'left.pdf').expect(201)).body;
    expect(await removeAbandonedUploads(new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(1);
    await owner.get(`/api/v1/files/${pending.fileId}`).expect(404);
  });
});

describe('documents of a form', () => {
  const attach = (agent: TestAgent, form: string, body: Buffer, name: string) =>
    agent
      .post(`/api/v1/forms/${form}/documents`)
      .set('Content-Type', 'application/octet-stream')
      .set('X-File-Name', encodeURIComponent(name))
      .send(body);

  it('are attached, listed, downloaded and deleted by the team, and by no one else', async () => {
    const attached = await attach(owner, formId, pdf, 'Vertrag.pdf').expect(201);
    expect(attached.body).toMatchObject({ name: 'Vertrag.pdf', type: 'application/pdf', size: pdf.length });
    const refused = await attach(owner, formId, Buffer.from('just some words'), 'notes.pdf').expect(415);
    expect(refused.body.error.code).toBe('FILE_TYPE_NOT_ALLOWED');

    const listed = (await owner.get(`/api/v1/forms/${formId}/documents`).expect(200)).body.documents;
    expect(listed.map((document: { name: string }) => document.name)).toEqual(['Vertrag.pdf']);
    await owner.get(`/api/v1/files/${attached.body.id}`).expect(200);

    await outsider.get(`/api/v1/forms/${formId}/documents`).expect(404);
    await attach(outsider, formId, pdf, 'fremd.pdf').expect(404);
    await outsider.delete(`/api/v1/forms/${formId}/documents/${attached.body.id}`).expect(404);

    // Documents are no answers: the hourly clean-up of abandoned uploads leaves them alone.
    await removeAbandonedUploads(new Date(Date.now() + 48 * 3_600_000));
    await owner.delete(`/api/v1/forms/${formId}/documents/${attached.body.id}`).expect(204);
    expect((await owner.get(`/api/v1/forms/${formId}/documents`)).body.documents).toEqual([]);
  });
});

describe('deleting', () => {
  const chunksOf = (fileId: string) =>
    mongoose.connection.db
      ?.collection('files.chunks')
      .countDocuments({ files_id: new mongoose.Types.ObjectId(fileId) });

  async function sentWithFiles(form: string) {
    const cv = (await upload(form, 'cv', pdf, 'cv.pdf').expect(201)).body;
    const signature = (await upload(form, 'sign', png, 'signature.png').expect(201)).body;
    const { submissionId } = (await submit({ cv: [cv], sign: [signature] }, 201, form)).body;
    return { submissionId, fileIds: [cv.fileId as string, signature.fileId as string] };
  }

  it('submissions takes their files along, and a form everything of it, so no link downloads anymore', {
    tags: ['reliability'],
  }, async () => {
    const form = await publishedForm(owner);
    const first = await sentWithFiles(form);
    const second = await sentWithFiles(form);
    const document = (
      await owner
        .post(`/api/v1/forms/${form}/documents`)
        .set('Content-Type', 'application/octet-stream')
        .set('X-File-Name', 'Vertrag.pdf')
        .send(pdf)
        .expect(201)
    ).body.id as string;
    const pending = (await upload(form, 'cv', pdf, 'pending.pdf').expect(201)).body.fileId as string;
    const elsewhere = await sentWithFiles(formId);

    // Ids of another form's submissions in the request remove nothing of that form.
    const deleted = await owner
      .post(`/api/v1/forms/${form}/submissions/delete`)
      .send({ ids: [first.submissionId, elsewhere.submissionId] })
      .expect(200);
    expect(deleted.body.deleted).toBe(1);
    for (const fileId of first.fileIds) {
      await owner.get(`/api/v1/files/${fileId}`).expect(404);
      expect(await chunksOf(fileId)).toBe(0);
    }
    for (const fileId of [...second.fileIds, document, pending, ...elsewhere.fileIds]) {
      await owner.get(`/api/v1/files/${fileId}`).expect(200);
    }

    await owner.delete(`/api/v1/forms/${form}`).expect(204);
    for (const fileId of [...second.fileIds, document, pending]) {
      await owner.get(`/api/v1/files/${fileId}`).expect(404);
      expect(await chunksOf(fileId)).toBe(0);
    }
    for (const fileId of elsewhere.fileIds) await owner.get(`/api/v1/files/${fileId}`).expect(200);
  });
});
