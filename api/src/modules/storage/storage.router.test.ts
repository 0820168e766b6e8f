import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { type FormDefinitionInput, plans, type StorageFile, type StorageOverview } from '@formwerk/contracts';
import { PDF } from '@libpdf/core';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpMemberOf, signUpPerson, type TestPerson } from '../../test/accounts';
import { givePlan } from '../../test/billing';
import type { TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { removeAbandonedUploads, settleUncountedFiles } from '../files/files.service';
import { gridFsStorage } from '../files/gridfs-storage';
import { NotificationModel } from '../notifications/notification.model';
import { issueStartToken } from '../submissions/start-token';
import { countTeamStorage } from './team-storage';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

type Person = TestPerson;

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
          maxSizeMb: 1,
          maxFiles: 2,
        },
      ],
    },
  ],
};

/** A file the type check takes for a PDF, of about `bytes` bytes. */
const pdfOf = (bytes: number) =>
  Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(bytes, 0x20), Buffer.from('\n%%EOF')]);

const signUp = (name: string) => signUpPerson(app, name);

const joinTeam = (owner: Person, name: string) => signUpMemberOf(app, owner, name);

async function publishedForm(agent: TestAgent, title: string): Promise<string> {
  const id = (await agent.post('/api/v1/forms').send({ title }).expect(201)).body.id;
  await agent
    .put(`/api/v1/forms/${id}`)
    .send({ version: 1, definition: { ...definition, title } })
    .expect(200);
  await agent.post(`/api/v1/forms/${id}/publish`).expect(200);
  return id;
}

let address = 0;
const respondent = () => {
  address += 1;
  return `198.51.100.${address}`;
};

const uploadAnswer = (formId: string, body: Buffer, name: string) =>
  request(app)
    .post(`/api/v1/public/forms/${formId}/files`)
    .query({ fieldId: 'cv' })
    .set('Content-Type', 'application/octet-stream')
    .set('X-File-Name', encodeURIComponent(name))
    .set('X-Forwarded-For', respondent())
    .send(body)
    .expect(201);

/** A respondent's submission with one file; answers the submission's id. */
async function submitWithFile(formId: string, body: Buffer, name: string): Promise<string> {
  const file = (await uploadAnswer(formId, body, name)).body;
  const { servedAt } = (await request(app).get(`/api/v1/public/forms/${formId}`).expect(200)).body;
  const submitted = await request(app)
    .post(`/api/v1/public/forms/${formId}/submissions`)
    .set('X-Forwarded-For', respondent())
    .send({
      answers: { cv: [file] },
      idempotencyKey: randomUUID(),
      startToken: issueStartToken(formId, servedAt - 5000),
      website: '',
    })
    .expect(201);
  return submitted.body.submissionId;
}

const attachToForm = async (agent: TestAgent, formId: string, body: Buffer, name: string): Promise<string> =>
  (
    await agent
      .post(`/api/v1/forms/${formId}/documents`)
      .set('Content-Type', 'application/octet-stream')
      .set('X-File-Name', encodeURIComponent(name))
      .send(body)
      .expect(201)
  ).body.id;

async function libraryPdf(pages: number): Promise<Buffer> {
  const pdf = PDF.create();
  for (let page = 0; page < pages; page += 1) pdf.addPage({ size: 'a4' });
  return Buffer.from(await pdf.save());
}

const uploadToLibrary = async (agent: TestAgent, body: Buffer, name: string): Promise<string> =>
  (
    await agent
      .post('/api/v1/documents')
      .set('Content-Type', 'application/pdf')
      .set('X-File-Name', encodeURIComponent(name))
      .send(body)
      .expect(201)
  ).body.id;

const overviewOf = async (agent: TestAgent): Promise<StorageOverview> =>
  (await agent.get('/api/v1/storage').expect(200)).body;

const categoryOf = (overview: StorageOverview, category: string) =>
  overview.categories.find((entry) => entry.category === category);

const named = (overview: StorageOverview, name: string): StorageFile | undefined =>
  overview.largestFiles.find((file) => file.name === name);

describe('GET /storage', () => {
  it('answers 401 without a session', async () => {
    const response = await request(app).get('/api/v1/storage').expect(401);
    expect(response.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('for a new team, shows nothing stored against the Free plan’s limit', async () => {
    const team = await signUp('Nina Neu');
    expect(await overviewOf(team.agent)).toEqual({
      planId: 'free',
      usedBytes: 0,
      limitBytes: plans.free.limits.storageBytes,
      categories: [
        { category: 'documents', bytes: 0, fileCount: null },
        { category: 'forms', bytes: 0, fileCount: 0 },
        { category: 'submissions', bytes: 0, fileCount: 0 },
      ],
      largestFiles: [],
      pendingUploads: { fileCount: 0, bytes: 0 },
      isIncomplete: false,
    });
  });

  it('measures against the plan the team is on', async () => {
    const team = await signUp('Paul Pro');
    await givePlan(team.teamId, 'pro-month');
    const overview = await overviewOf(team.agent);
    expect(overview.planId).toBe('pro');
    expect(overview.limitBytes).toBe(plans.pro.limits.storageBytes);
  });

  it('breaks the team’s files down by documents, forms and submissions, and lists the largest first with where they belong', async () => {
    const owner = await signUp('Olga Owner');
    const formId = await publishedForm(owner.agent, 'Bewerbung 2026');
    const library = await libraryPdf(2);
    const documentId = await uploadToLibrary(owner.agent, library, 'Vertrag.pdf');
    const attachedId = await attachToForm(owner.agent, formId, pdfOf(30_000), 'Merkblatt.pdf');
    const submissionId = await submitWithFile(formId, pdfOf(60_000), 'Lebenslauf.pdf');
    await submitWithFile(formId, pdfOf(10_000), 'Zeugnis.pdf');
    // Uploaded, never sent: it is not a submission's file, and goes by itself after a day.
    await uploadAnswer(formId, pdfOf(5_000), 'Entwurf.pdf');

    const overview = await overviewOf(owner.agent);
    // Every file counts against the plan, the one never sent too until it goes.
    const formFiles = [30_000, 60_000, 10_000, 5_000].reduce((sum, bytes) => sum + pdfOf(bytes).length, 0);
    expect(overview.usedBytes).toBe(library.length + formFiles);
    expect(overview.categories).toEqual([
      { category: 'documents', bytes: library.length, fileCount: null },
      { category: 'forms', bytes: pdfOf(30_000).length, fileCount: 1 },
      { category: 'submissions', bytes: pdfOf(60_000).length + pdfOf(10_000).length, fileCount: 2 },
    ]);
    expect(overview.pendingUploads).toEqual({ fileCount: 1, bytes: pdfOf(5_000).length });
    expect(overview.largestFiles.map((file) => file.name)).toEqual([
      'Lebenslauf.pdf',
      'Merkblatt.pdf',
      'Zeugnis.pdf',
      'Vertrag.pdf',
    ]);
    expect(named(overview, 'Lebenslauf.pdf')).toMatchObject({
      kind: 'submissionFile',
      form: { id: formId, title: 'Bewerbung 2026' },
      submissionId,
      mayDelete: false,
    });
    expect(named(overview, 'Merkblatt.pdf')).toMatchObject({
      id: attachedId,
      kind: 'formDocument',
      form: { id: formId, title: 'Bewerbung 2026' },
      submissionId: null,
      mayDelete: true,
    });
    expect(named(overview, 'Vertrag.pdf')).toMatchObject({
      id: documentId,
      kind: 'document',
      size: library.length,
      form: null,
      mayDelete: true,
    });
    expect(overview.isIncomplete).toBe(false);

    // Another team sees none of it.
    const stranger = await signUp('Sven Stranger');
    expect((await overviewOf(stranger.agent)).largestFiles).toEqual([]);
  });
});

describe('POST /storage/deletions', () => {
  let owner: Person;
  let member: Person;
  let formId: string;

  beforeAll(async () => {
    owner = await signUp('Doris Delete');
    member = await joinTeam(owner, 'Max Member');
    formId = await publishedForm(owner.agent, 'Anmeldung');
  });

  it('deletes a library document as the library does: its bytes go back to the team’s storage', async () => {
    const documentId = await uploadToLibrary(owner.agent, await libraryPdf(1), 'Alt.pdf');
    expect((await overviewOf(owner.agent)).usedBytes).toBeGreaterThan(0);

    const after = (
      await owner.agent.post('/api/v1/storage/deletions').send({ kind: 'document', id: documentId }).expect(200)
    ).body as StorageOverview;
    expect(after.usedBytes).toBe(0);
    expect(categoryOf(after, 'documents')?.bytes).toBe(0);
    expect(named(after, 'Alt.pdf')).toBeUndefined();
    await owner.agent.get(`/api/v1/documents/${documentId}`).expect(404);
    const library = (await owner.agent.get('/api/v1/documents').expect(200)).body;
    expect(library.total).toBe(0);
  });

  it('lets a member delete only their own library documents, as the library does', async () => {
    const ownersId = await uploadToLibrary(owner.agent, await libraryPdf(1), 'Chefsache.pdf');
    const membersId = await uploadToLibrary(member.agent, await libraryPdf(3), 'Meins.pdf');

    const seen = await overviewOf(member.agent);
    expect(named(seen, 'Chefsache.pdf')?.mayDelete).toBe(false);
    expect(named(seen, 'Meins.pdf')?.mayDelete).toBe(true);

    const refused = await member.agent
      .post('/api/v1/storage/deletions')
      .send({ kind: 'document', id: ownersId })
      .expect(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    await member.agent.post('/api/v1/storage/deletions').send({ kind: 'document', id: membersId }).expect(200);

    const after = await overviewOf(owner.agent);
    expect(named(after, 'Chefsache.pdf')).toBeDefined();
    expect(named(after, 'Meins.pdf')).toBeUndefined();
    expect(after.usedBytes).toBe(named(after, 'Chefsache.pdf')?.size);
  });

  it('deletes a form’s document, for every member of the team: its bytes go back to the team’s storage', async () => {
    const before = (await overviewOf(owner.agent)).usedBytes;
    const fileId = await attachToForm(owner.agent, formId, pdfOf(20_000), 'Anfahrt.pdf');
    expect((await overviewOf(owner.agent)).usedBytes).toBe(before + pdfOf(20_000).length);
    const after = (
      await member.agent
        .post('/api/v1/storage/deletions')
        .send({ kind: 'formDocument', id: fileId, formId })
        .expect(200)
    ).body as StorageOverview;
    expect(named(after, 'Anfahrt.pdf')).toBeUndefined();
    expect(categoryOf(after, 'forms')).toMatchObject({ bytes: 0, fileCount: 0 });
    expect(after.usedBytes).toBe(before);
    const listed = (await owner.agent.get(`/api/v1/forms/${formId}/documents`).expect(200)).body.documents;
    expect(listed).toEqual([]);
  });

  it('answers 404 for another team’s files, and deletes nothing', async () => {
    const fileId = await attachToForm(owner.agent, formId, pdfOf(1_000), 'Intern.pdf');
    const documentId = await uploadToLibrary(owner.agent, await libraryPdf(1), 'Geheim.pdf');
    const stranger = await signUp('Sina Stranger');

    const formRefusal = await stranger.agent
      .post('/api/v1/storage/deletions')
      .send({ kind: 'formDocument', id: fileId, formId })
      .expect(404);
    expect(formRefusal.body.error.code).toBe('NOT_FOUND');
    await stranger.agent.post('/api/v1/storage/deletions').send({ kind: 'document', id: documentId }).expect(404);

    const kept = await overviewOf(owner.agent);
    expect(named(kept, 'Intern.pdf')).toBeDefined();
    expect(named(kept, 'Geheim.pdf')).toBeDefined();
  });

  it('refuses what it cannot delete: a respondent’s file goes only with its submission', async () => {
    const refused = await owner.agent
      .post('/api/v1/storage/deletions')
      .send({ kind: 'submissionFile', id: '0123456789abcdef01234567' })
      .expect(400);
    expect(refused.body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe('a form’s files against the plan’s storage', () => {
  const usedOf = async (person: Person) => (await overviewOf(person.agent)).usedBytes;

  it('counts each file from its upload and gives it back when it goes: deleted, never sent, or with its form', async () => {
    const owner = await signUp('Carla Count');
    const formId = await publishedForm(owner.agent, 'Zählung');
    await attachToForm(owner.agent, formId, pdfOf(20_000), 'Infos.pdf');
    await submitWithFile(formId, pdfOf(40_000), 'Bleibt.pdf');
    const deleted = await submitWithFile(formId, pdfOf(30_000), 'Geht.pdf');
    await uploadAnswer(formId, pdfOf(10_000), 'Nie gesendet.pdf');
    const all = [20_000, 40_000, 30_000, 10_000].reduce((sum, bytes) => sum + pdfOf(bytes).length, 0);
    expect(await usedOf(owner)).toBe(all);

    await owner.agent
      .post(`/api/v1/forms/${formId}/submissions/delete`)
      .send({ ids: [deleted] })
      .expect(200);
    expect(await usedOf(owner)).toBe(all - pdfOf(30_000).length);

    // The hourly job removes uploads no submission took after a day.
    expect(await removeAbandonedUploads(new Date(Date.now() + 2 * 24 * 60 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await usedOf(owner)).toBe(pdfOf(20_000).length + pdfOf(40_000).length);

    await owner.agent.delete(`/api/v1/forms/${formId}`).expect(204);
    expect(await usedOf(owner)).toBe(0);
  });

  it('with the storage full, refuses a respondent’s file without the team’s figures, and a form document with them', async () => {
    const owner = await signUp('Fiona Full');
    const formId = await publishedForm(owner.agent, 'Voll');
    const limit = plans.free.limits.storageBytes;
    await countTeamStorage(owner.teamId, limit - 15_000);
    const before = await overviewOf(owner.agent);

    const refused = await request(app)
      .post(`/api/v1/public/forms/${formId}/files`)
      .query({ fieldId: 'cv' })
      .set('Content-Type', 'application/octet-stream')
      .set('X-File-Name', 'zu-gross.pdf')
      .set('X-Forwarded-For', respondent())
      .send(pdfOf(20_000))
      .expect(409);
    expect(refused.body.error.code).toBe('STORAGE_LIMIT_REACHED');
    expect(refused.body.error.details).toBeUndefined();

    const document = await owner.agent
      .post(`/api/v1/forms/${formId}/documents`)
      .set('Content-Type', 'application/octet-stream')
      .set('X-File-Name', 'anhang.pdf')
      .send(pdfOf(20_000))
      .expect(409);
    expect(document.body.error).toMatchObject({
      code: 'STORAGE_LIMIT_REACHED',
      details: { usedBytes: limit - 15_000, limitBytes: limit, neededBytes: pdfOf(20_000).length },
    });
    // Nothing stored, nothing counted; a file that fits still goes in.
    expect(await overviewOf(owner.agent)).toEqual(before);
    await uploadAnswer(formId, pdfOf(5_000), 'passt.pdf');
    expect(await usedOf(owner)).toBe(limit - 15_000 + pdfOf(5_000).length);
  });

  it('tells the owners and admins once that respondents’ files find no room, and again after room was made', async () => {
    const owner = await signUp('Nora Notice');
    const member = await joinTeam(owner, 'Mats Member');
    const formId = await publishedForm(owner.agent, 'Bewerbungen 2027');
    const limit = plans.free.limits.storageBytes;
    await countTeamStorage(owner.teamId, limit - 15_000);
    const refuse = () =>
      request(app)
        .post(`/api/v1/public/forms/${formId}/files`)
        .query({ fieldId: 'cv' })
        .set('Content-Type', 'application/octet-stream')
        .set('X-Forwarded-For', respondent())
        .send(pdfOf(20_000))
        .expect(409);
    const noticesOf = (person: Person) => NotificationModel.find({ userId: person.userId, type: 'storageFull' }).lean();

    await Promise.all([refuse(), refuse(), refuse()]);
    const [notice, ...more] = await noticesOf(owner);
    expect(more).toEqual([]);
    expect(notice?.params).toMatchObject({ formTitle: 'Bewerbungen 2027' });
    expect(notice?.link).toMatchObject({ route: 'v1-storage' });
    expect(await noticesOf(member)).toEqual([]);

    // Room made (a file deleted), then full again: told once more.
    const attached = await attachToForm(owner.agent, formId, pdfOf(5_000), 'klein.pdf');
    await owner.agent
      .post('/api/v1/storage/deletions')
      .send({ kind: 'formDocument', id: attached, formId })
      .expect(200);
    await refuse();
    expect(await noticesOf(owner)).toHaveLength(2);
  });

  it('lets uploads at the same moment never pass the limit together', async () => {
    const owner = await signUp('Paula Parallel');
    const formId = await publishedForm(owner.agent, 'Parallel');
    const limit = plans.free.limits.storageBytes;
    const file = pdfOf(10_000);
    // Room for three of the eight.
    await countTeamStorage(owner.teamId, limit - 3 * file.length - 100);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        request(app)
          .post(`/api/v1/public/forms/${formId}/files`)
          .query({ fieldId: 'cv' })
          .set('Content-Type', 'application/octet-stream')
          .set('X-File-Name', `datei-${index}.pdf`)
          .set('X-Forwarded-For', respondent())
          .send(file),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect(await usedOf(owner)).toBe(limit - 100);
  });

  it('counts the files stored before form files counted, once, and never a library PDF twice', async () => {
    const owner = await signUp('Otto Old');
    const formId = await publishedForm(owner.agent, 'Alt');
    const library = await libraryPdf(1);
    await uploadToLibrary(owner.agent, library, 'Bibliothek.pdf');
    // As the files module stored them before: no `isCounted`, the team's counter without them.
    const old = { teamId: owner.teamId, formId, fieldId: 'cv', name: 'alt.pdf', type: 'application/pdf' };
    await gridFsStorage.put(Readable.from([pdfOf(7_000)]), { ...old, kind: 'answer', submissionId: null }, 10_000);
    await gridFsStorage.put(Readable.from([pdfOf(3_000)]), { ...old, kind: 'document', submissionId: null }, 10_000);
    await gridFsStorage.put(
      Readable.from([pdfOf(2_000)]),
      { ...old, kind: 'library', formId: '', fieldId: '', submissionId: null },
      10_000,
    );
    expect(await usedOf(owner)).toBe(library.length);

    await Promise.all([settleUncountedFiles(), settleUncountedFiles()]);
    const settled = library.length + pdfOf(7_000).length + pdfOf(3_000).length;
    expect(await usedOf(owner)).toBe(settled);
    expect(await settleUncountedFiles()).toBe(0);
    expect(await usedOf(owner)).toBe(settled);

    // Counted now, they give their bytes back when they go.
    await owner.agent.delete(`/api/v1/forms/${formId}`).expect(204);
    expect(await usedOf(owner)).toBe(library.length);
  });
});
