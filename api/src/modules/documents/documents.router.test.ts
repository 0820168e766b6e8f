import { documentMaxMb, documentPageSize, plans } from '@formwerk/contracts';
import { PDF } from '@libpdf/core';
import mongoose from 'mongoose';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpMemberOf, signUpPerson, type TestPerson } from '../../test/accounts';
import type { TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { countTeamStorage } from '../storage/team-storage';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

type Person = TestPerson;

async function makePdf({ pages = 1, title = '' }: { pages?: number; title?: string } = {}): Promise<Buffer> {
  const pdf = PDF.create();
  for (let page = 0; page < pages; page += 1) pdf.addPage({ size: 'a4' });
  if (title) pdf.setTitle(title);
  return Buffer.from(await pdf.save());
}

async function makeEncryptedPdf(protection: { userPassword?: string; ownerPassword?: string }): Promise<Buffer> {
  const pdf = await PDF.load(await makePdf({ pages: 2 }));
  pdf.setProtection(protection);
  return Buffer.from(await pdf.save());
}

const upload = (agent: TestAgent, body: Buffer, name: string, folderId?: string) =>
  agent
    .post('/api/v1/documents')
    .query(folderId ? { folderId } : {})
    .set('Content-Type', 'application/pdf')
    .set('X-File-Name', encodeURIComponent(name))
    .send(body);

const list = async (agent: TestAgent, query: Record<string, string | number> = {}) =>
  (await agent.get('/api/v1/documents').query(query).expect(200)).body;

const libraryFiles = (teamId: number) =>
  mongoose.connection.db
    ?.collection('files.files')
    .countDocuments({ 'metadata.kind': 'library', 'metadata.teamId': teamId }) ?? Promise.resolve(0);

const signUp = (name: string) => signUpPerson(app, name);

const joinTeam = (owner: Person, name: string) => signUpMemberOf(app, owner, name);

let owner: Person;
let onePage: Buffer;

beforeAll(async () => {
  owner = await signUp('Olga Owner');
  onePage = await makePdf();
});

describe('uploading to the library', () => {
  it('stores a PDF with its page count and lists it, newest first, with the team’s storage', async () => {
    const team = await signUp('Ulla Upload');
    const threePages = await makePdf({ pages: 3 });
    const first = await upload(team.agent, threePages, 'Vertrag Müller.pdf').expect(201);
    expect(first.body).toMatchObject({
      name: 'Vertrag Müller.pdf',
      size: threePages.length,
      pageCount: 3,
      folderId: null,
      uploadedBy: { id: team.userId, name: 'Ulla Upload' },
    });
    await upload(team.agent, onePage, 'Zweites.pdf').expect(201);

    const listed = await list(team.agent);
    expect(listed.documents.map((document: { name: string }) => document.name)).toEqual([
      'Zweites.pdf',
      'Vertrag Müller.pdf',
    ]);
    expect(listed).toMatchObject({ page: 1, pageCount: 1, total: 2, search: null, folders: [] });
    expect(listed.storage).toEqual({
      usedBytes: threePages.length + onePage.length,
      limitBytes: plans.free.limits.storageBytes,
    });
  });

  it('serves the file as a download, and inline in a sandbox for the preview', async () => {
    const team = await signUp('Dora Download');
    const { id } = (await upload(team.agent, onePage, 'Angebot "Nr. 1".pdf').expect(201)).body;

    const download = await team.agent.get(`/api/v1/documents/${id}/file`).buffer(true).expect(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="Angebot Nr. 1.pdf"');
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(onePage.length));
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.from(download.body).equals(onePage)).toBe(true);

    const inline = await team.agent.get(`/api/v1/documents/${id}/file`).query({ inline: '1' }).expect(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    expect(inline.headers['content-security-policy']).toBe('sandbox');
  });

  it('refuses what is no readable PDF, encrypted or too large, with its code, and keeps nothing of it', async () => {
    const team = await signUp('Rita Refused');
    await upload(team.agent, onePage, 'kept.pdf').expect(201);
    const before = await list(team.agent);
    const filesBefore = await libraryFiles(team.teamId);
    const valid = await makePdf({ pages: 2 });

    const refusals: [Buffer, string, number, string, unknown][] = [
      [Buffer.from('Nur ein Text, kein PDF.\n'), 'notiz.pdf', 422, 'PDF_INVALID', { reason: 'notPdf' }],
      [valid.subarray(0, Math.floor(valid.length / 2)), 'cut.pdf', 422, 'PDF_INVALID', { reason: 'damaged' }],
      [Buffer.from('%PDF-1.7\nnothing that is a PDF\n%%EOF\n'), 'junk.pdf', 422, 'PDF_INVALID', { reason: 'damaged' }],
      [await makePdf({ pages: 0 }), 'empty.pdf', 422, 'PDF_INVALID', { reason: 'noPages' }],
      [await makeEncryptedPdf({ userPassword: 'geheim' }), 'locked.pdf', 422, 'PDF_ENCRYPTED', undefined],
      [await makeEncryptedPdf({ ownerPassword: 'chef' }), 'restricted.pdf', 422, 'PDF_ENCRYPTED', undefined],
    ];
    for (const [body, name, status, code, details] of refusals) {
      const refused = await upload(team.agent, body, name).expect(status);
      expect(refused.body.error.code, name).toBe(code);
      expect(refused.body.error.details, name).toEqual(details);
    }

    const maxBytes = documentMaxMb * 1024 * 1024;
    const oversized = Buffer.concat([onePage, Buffer.alloc(maxBytes + 1 - onePage.length, 0x20)]);
    const tooLarge = await upload(team.agent, oversized, 'huge.pdf').expect(413);
    expect(tooLarge.body.error).toMatchObject({ code: 'FILE_TOO_LARGE', details: { maxBytes } });

    const after = await list(team.agent);
    expect(after.storage).toEqual(before.storage);
    expect(after.total).toBe(before.total);
    expect(await libraryFiles(team.teamId)).toBe(filesBefore);
  });

  it('keeps the storage limit exact when ten uploads arrive at once', async () => {
    const team = await signUp('Carla Concurrent');
    const pdf = await makePdf({ title: 'x'.repeat(100_000) });
    // Files stored before take up the Free plan's storage but for half a megabyte.
    const limitBytes = plans.free.limits.storageBytes;
    const storedBefore = limitBytes - 512 * 1024;
    await countTeamStorage(team.teamId, storedBefore);
    const fitting = Math.floor((limitBytes - storedBefore) / pdf.length);
    expect(fitting).toBeGreaterThan(0);
    expect(fitting).toBeLessThan(10);

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => upload(team.agent, pdf, `Teil ${index}.pdf`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(fitting).fill(201), ...Array(10 - fitting).fill(409)]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.body.error).toEqual({
      code: 'STORAGE_LIMIT_REACHED',
      message: expect.any(String),
      details: { usedBytes: storedBefore + fitting * pdf.length, limitBytes, neededBytes: pdf.length },
    });
    const listed = await list(team.agent);
    expect(listed.storage).toEqual({ usedBytes: storedBefore + fitting * pdf.length, limitBytes });
    expect(listed.total).toBe(fitting);
    expect(await libraryFiles(team.teamId)).toBe(fitting);

    // A delete gives its bytes back: one more fits, and no more.
    await team.agent.delete(`/api/v1/documents/${listed.documents[0].id}`).expect(204);
    await upload(team.agent, pdf, 'Nachzügler.pdf').expect(201);
    await upload(team.agent, pdf, 'Zu viel.pdf').expect(409);
  });
});

describe('paging and search', () => {
  it('pages newest first across blocks after deletes, page by page as numbered', async () => {
    const team = await signUp('Paula Pages');
    const count = 110;
    const ids: string[] = [];
    for (let index = 1; index <= count; index += 1) {
      const name = `Beleg ${String(index).padStart(3, '0')}.pdf`;
      ids.push((await upload(team.agent, onePage, name).expect(201)).body.id);
    }
    // Numbers 110 … 1: block 1 holds 110 … 101, block 0 holds 100 … 1.
    const order = [...ids].reverse();
    const before: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      before.push(...(await list(team.agent, { page })).documents.map((document: { id: string }) => document.id));
    }
    expect(before).toEqual(order);

    // Gone from the newest block, across the boundary of blocks (numbers 100/101) and from the oldest.
    const removed = [order[0], order[9], order[10], order[11], order[60], order[109]] as string[];
    for (const id of removed) await team.agent.delete(`/api/v1/documents/${id}`).expect(204);
    const expected = order.filter((id) => !removed.includes(id));

    const seen: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const listed = await list(team.agent, { page });
      expect(listed).toMatchObject({ page, total: count - removed.length, pageCount: 3 });
      seen.push(...listed.documents.map((document: { id: string }) => document.id));
    }
    expect(seen).toEqual(expected);
    expect((await list(team.agent, { page: 4 })).documents).toEqual([]);
  });

  it('finds documents by the start of each word, in any case, with or without umlauts', async () => {
    const team = await signUp('Sven Search');
    for (const name of [
      'Übersicht Q1 2026.pdf',
      'Uber Eats Rechnung.pdf',
      'Quartalsübersicht.pdf',
      'Straßenplan Köln.pdf',
      'Angebot.pdf',
    ]) {
      await upload(team.agent, onePage, name).expect(201);
    }
    // Another team's document never shows.
    await upload(owner.agent, onePage, 'Übersicht fremd.pdf').expect(201);

    const found = async (q: string) =>
      (await list(team.agent, { q })).documents.map((document: { name: string }) => document.name).sort();
    expect(await found('uber')).toEqual(['Uber Eats Rechnung.pdf', 'Übersicht Q1 2026.pdf']);
    expect(await found('über')).toEqual(['Uber Eats Rechnung.pdf', 'Übersicht Q1 2026.pdf']);
    expect(await found('ÜBERSICHT')).toEqual(['Übersicht Q1 2026.pdf']);
    expect(await found('ueber')).toEqual(['Übersicht Q1 2026.pdf']);
    expect(await found('q1 über')).toEqual(['Übersicht Q1 2026.pdf']);
    expect(await found('strasse koln')).toEqual(['Straßenplan Köln.pdf']);
    expect(await found('kö')).toEqual(['Straßenplan Köln.pdf']);
    expect(await found('sicht')).toEqual([]);
    expect(await found('uber xyz')).toEqual([]);

    const searched = await list(team.agent, { q: 'über' });
    expect(searched).toMatchObject({ total: 2, pageCount: 1, search: { isIncomplete: false } });
  });
});

describe('renaming, moving and folders', () => {
  it('renames and moves documents, keeps folder counts, and moves a deleted folder’s documents to none', async () => {
    const team = await signUp('Fritz Folder');
    const contracts = (await team.agent.post('/api/v1/documents/folders').send({ name: 'Verträge' }).expect(201)).body;
    expect(contracts).toEqual({ id: expect.any(String), name: 'Verträge', documentCount: 0 });
    const invoices = (await team.agent.post('/api/v1/documents/folders').send({ name: 'Rechnungen' }).expect(201)).body;
    const taken = await team.agent.post('/api/v1/documents/folders').send({ name: 'VERTRÄGE' }).expect(409);
    expect(taken.body.error.code).toBe('FOLDER_NAME_TAKEN');
    await team.agent.patch(`/api/v1/documents/folders/${invoices.id}`).send({ name: 'verträge' }).expect(409);

    const document = (await upload(team.agent, onePage, 'Mietvertrag.pdf', contracts.id).expect(201)).body;
    expect(document.folderId).toBe(contracts.id);
    await upload(team.agent, onePage, 'Lose.pdf').expect(201);
    const counts = async () =>
      Object.fromEntries(
        (await list(team.agent)).folders.map((folder: { name: string; documentCount: number }) => [
          folder.name,
          folder.documentCount,
        ]),
      );
    expect(await counts()).toEqual({ Verträge: 1, Rechnungen: 0 });

    const moved = await team.agent
      .patch(`/api/v1/documents/${document.id}`)
      .send({ folderId: invoices.id, name: 'Mietvertrag 2026.pdf' })
      .expect(200);
    expect(moved.body).toMatchObject({ name: 'Mietvertrag 2026.pdf', folderId: invoices.id });
    expect((await team.agent.get(`/api/v1/documents/${document.id}`).expect(200)).body).toEqual(moved.body);
    expect(await counts()).toEqual({ Verträge: 0, Rechnungen: 1 });
    const inFolder = await list(team.agent, { folderId: invoices.id });
    expect(inFolder).toMatchObject({ total: 1, documents: [{ id: document.id }] });
    expect((await list(team.agent, { q: 'mietvertrag 2026' })).total).toBe(1);
    expect((await list(team.agent, { q: '2026', folderId: contracts.id })).total).toBe(0);

    await team.agent
      .patch(`/api/v1/documents/${document.id}`)
      .send({ folderId: '0123456789abcdef01234567' })
      .expect(404);
    const renamed = await team.agent
      .patch(`/api/v1/documents/folders/${invoices.id}`)
      .send({ name: 'Belege' })
      .expect(200);
    expect(renamed.body).toEqual({ id: invoices.id, name: 'Belege', documentCount: 1 });

    await team.agent.delete(`/api/v1/documents/folders/${invoices.id}`).expect(204);
    await team.agent.delete(`/api/v1/documents/folders/${invoices.id}`).expect(404);
    const after = await list(team.agent);
    expect(after.folders.map((folder: { name: string }) => folder.name)).toEqual(['Verträge']);
    expect(after.total).toBe(2);
    expect(after.documents.find((listed: { id: string }) => listed.id === document.id).folderId).toBeNull();
  });

  it('lets two deletes of one document at once subtract once, the later answering 404', async () => {
    const team = await signUp('Dana Double');
    const folder = (await team.agent.post('/api/v1/documents/folders').send({ name: 'Ablage' }).expect(201)).body;
    const { id } = (await upload(team.agent, onePage, 'Einmal.pdf', folder.id).expect(201)).body;
    await upload(team.agent, onePage, 'Bleibt.pdf', folder.id).expect(201);
    const statuses = await Promise.all([1, 2, 3].map(() => team.agent.delete(`/api/v1/documents/${id}`)));
    expect(statuses.map((answer) => answer.status).sort()).toEqual([204, 404, 404]);
    const listed = await list(team.agent);
    expect(listed).toMatchObject({ total: 1, storage: { usedBytes: onePage.length } });
    expect(listed.folders).toEqual([{ id: folder.id, name: 'Ablage', documentCount: 1 }]);
    expect(await libraryFiles(team.teamId)).toBe(1);
  });
});

describe('who may do what', () => {
  it('lets any member upload and download, but only the uploader and owner or admins change a document', async () => {
    const maja = await joinTeam(owner, 'Maja Member');
    const max = await joinTeam(owner, 'Max Member');
    const document = (await upload(maja.agent, onePage, 'Von Maja.pdf').expect(201)).body;
    expect(document.uploadedBy).toEqual({ id: maja.userId, name: 'Maja Member' });

    await max.agent.get(`/api/v1/documents/${document.id}/file`).expect(200);
    const forbidden = await max.agent.patch(`/api/v1/documents/${document.id}`).send({ name: 'Meins.pdf' }).expect(403);
    expect(forbidden.body.error.code).toBe('FORBIDDEN');
    await max.agent.delete(`/api/v1/documents/${document.id}`).expect(403);

    await maja.agent.patch(`/api/v1/documents/${document.id}`).send({ name: 'Von Maja, neu.pdf' }).expect(200);
    await owner.agent.patch(`/api/v1/documents/${document.id}`).send({ name: 'Geprüft.pdf' }).expect(200);

    const folder = (await owner.agent.post('/api/v1/documents/folders').send({ name: 'Vorstand' }).expect(201)).body;
    await max.agent.patch(`/api/v1/documents/folders/${folder.id}`).send({ name: 'Meiner' }).expect(403);
    await max.agent.delete(`/api/v1/documents/folders/${folder.id}`).expect(403);
    // Moving her own document into the owner's folder is hers to do.
    await maja.agent.patch(`/api/v1/documents/${document.id}`).send({ folderId: folder.id }).expect(200);

    await maja.agent.delete(`/api/v1/documents/${document.id}`).expect(204);
  });

  it('answers another team’s document or folder with 404, as an unknown one, and a guest with 401', async () => {
    const document = (await upload(owner.agent, onePage, 'Intern.pdf').expect(201)).body;
    const folder = (await owner.agent.post('/api/v1/documents/folders').send({ name: 'Intern' }).expect(201)).body;
    const stranger = await signUp('Sina Stranger');

    await stranger.agent.get(`/api/v1/documents/${document.id}`).expect(404);
    await stranger.agent.get(`/api/v1/documents/${document.id}/file`).expect(404);
    await stranger.agent.patch(`/api/v1/documents/${document.id}`).send({ name: 'x.pdf' }).expect(404);
    await stranger.agent.delete(`/api/v1/documents/${document.id}`).expect(404);
    await stranger.agent.patch(`/api/v1/documents/folders/${folder.id}`).send({ name: 'x' }).expect(404);
    await stranger.agent.delete(`/api/v1/documents/folders/${folder.id}`).expect(404);
    await upload(stranger.agent, onePage, 'Hinein.pdf', folder.id).expect(404);
    expect((await list(stranger.agent, { folderId: folder.id })).total).toBe(0);
    expect((await list(stranger.agent)).total).toBe(0);

    await request(app).get('/api/v1/documents').expect(401);
    await request(app).get(`/api/v1/documents/${document.id}/file`).expect(401);
    await owner.agent.get(`/api/v1/documents/${document.id}/file`).expect(200);
    expect((await list(owner.agent)).documents.length).toBeLessThanOrEqual(documentPageSize);
  });
});
