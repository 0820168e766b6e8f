import {
  documentTemplatePageSize,
  plans,
  type SaveDocumentTemplateRequest,
  type TemplateField,
  type TemplateRole,
} from '@formwerk/contracts';
import { PDF } from '@libpdf/core';
import mongoose from 'mongoose';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../platform/app';
import { createLogger } from '../../../platform/logger';
import { signUpMemberOf, signUpPerson, type TestPerson } from '../../../test/accounts';
import type { TestAgent } from '../../../test/test-agent';
import { useTestDatabase } from '../../../test/test-database';
import { countTeamStorage } from '../../storage/team-storage';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

type Person = TestPerson;

async function makePdf(pages = 1): Promise<Buffer> {
  const pdf = PDF.create();
  for (let page = 0; page < pages; page += 1) pdf.addPage({ size: 'a4' });
  return Buffer.from(await pdf.save());
}

const uploadTemplate = (agent: TestAgent, body: Buffer, fileName: string, name?: string) =>
  agent
    .post('/api/v1/document-templates')
    .query(name ? { name } : {})
    .set('Content-Type', 'application/pdf')
    .set('X-File-Name', encodeURIComponent(fileName))
    .send(body);

const uploadDocument = (agent: TestAgent, body: Buffer, name: string) =>
  agent
    .post('/api/v1/documents')
    .set('Content-Type', 'application/pdf')
    .set('X-File-Name', encodeURIComponent(name))
    .send(body);

const listTemplates = async (agent: TestAgent, page = 1) =>
  (await agent.get('/api/v1/document-templates').query({ page }).expect(200)).body;

const storageOf = async (agent: TestAgent) => (await agent.get('/api/v1/documents').expect(200)).body.storage.usedBytes;

const storedFiles = (teamId: number) =>
  mongoose.connection.db?.collection('files.files').countDocuments({ 'metadata.teamId': teamId }) ?? Promise.resolve(0);

const signUp = (name: string, locale: 'de' | 'en' = 'de') => signUpPerson(app, name, { locale });

const joinTeam = (owner: Person, name: string) => signUpMemberOf(app, owner, name);

const field = (id: string, roleId: string, change: Partial<TemplateField> = {}): TemplateField => ({
  id,
  page: 0,
  x: 0.1,
  y: 0.1,
  width: 0.3,
  height: 0.05,
  kind: 'text',
  roleId,
  required: false,
  ...change,
});

let threePages: Buffer;
let onePage: Buffer;

beforeAll(async () => {
  threePages = await makePdf(3);
  onePage = await makePdf(1);
});

describe('making a template', () => {
  it('from an uploaded PDF: one signer named in the maker’s language, listed, its file served as the library’s', async () => {
    const team = await signUp('Tanja Template');
    const created = await uploadTemplate(team.agent, threePages, 'Mietvertrag.pdf').expect(201);
    expect(created.body).toMatchObject({
      name: 'Mietvertrag',
      fileName: 'Mietvertrag.pdf',
      size: threePages.length,
      pageCount: 3,
      fields: [],
      revision: 0,
      createdBy: { id: team.userId, name: 'Tanja Template' },
      updatedBy: { id: team.userId, name: 'Tanja Template' },
    });
    expect(created.body.roles).toEqual([
      { id: expect.stringMatching(/^[A-Za-z0-9_-]+$/), name: 'Unterzeichner/in 1', kind: 'signer', order: 1 },
    ]);
    await uploadTemplate(team.agent, onePage, 'x.pdf', 'Angebot').expect(201);

    const listed = await listTemplates(team.agent);
    expect(listed).toMatchObject({ page: 1, pageCount: 1, total: 2 });
    expect(listed.templates).toEqual([
      expect.objectContaining({ name: 'Angebot', pageCount: 1, roleCount: 1, fieldCount: 0 }),
      expect.objectContaining({
        id: created.body.id,
        name: 'Mietvertrag',
        pageCount: 3,
        updatedBy: { id: team.userId, name: 'Tanja Template' },
      }),
    ]);
    expect(await storageOf(team.agent)).toBe(threePages.length + onePage.length);

    const download = await team.agent
      .get(`/api/v1/document-templates/${created.body.id}/file`)
      .buffer(true)
      .expect(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename=Mietvertrag.pdf');
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.from(download.body).equals(threePages)).toBe(true);
    const inline = await team.agent
      .get(`/api/v1/document-templates/${created.body.id}/file`)
      .query({ inline: '1' })
      .expect(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    expect(inline.headers['content-security-policy']).toBe('sandbox');
  });

  it('refuses an upload that is no readable PDF, as the library does, and keeps nothing of it', async () => {
    const team = await signUp('Rolf Refused', 'en');
    const refused = await uploadTemplate(team.agent, Buffer.from('just text, no PDF\n'), 'note.pdf').expect(422);
    expect(refused.body.error).toMatchObject({ code: 'PDF_INVALID', details: { reason: 'notPdf' } });
    expect((await listTemplates(team.agent)).total).toBe(0);
    expect(await storageOf(team.agent)).toBe(0);
    expect(await storedFiles(team.teamId)).toBe(0);
  });

  it('from a library document: a copy of its own, which outlives the document and counts against storage', async () => {
    const team = await signUp('Lena Library', 'en');
    const document = (await uploadDocument(team.agent, threePages, 'Lease 2026.pdf').expect(201)).body;
    const created = await team.agent.post('/api/v1/document-templates').send({ documentId: document.id }).expect(201);
    expect(created.body).toMatchObject({ name: 'Lease 2026', fileName: 'Lease 2026.pdf', pageCount: 3 });
    expect(created.body.roles).toEqual([expect.objectContaining({ name: 'Signer 1', kind: 'signer', order: 1 })]);
    expect(await storageOf(team.agent)).toBe(2 * threePages.length);

    await team.agent.delete(`/api/v1/documents/${document.id}`).expect(204);
    const download = await team.agent
      .get(`/api/v1/document-templates/${created.body.id}/file`)
      .buffer(true)
      .expect(200);
    expect(Buffer.from(download.body).equals(threePages)).toBe(true);
    expect(await storageOf(team.agent)).toBe(threePages.length);

    const named = await team.agent
      .post('/api/v1/document-templates')
      .send({ documentId: document.id, name: 'Gone' })
      .expect(404);
    expect(named.body.error.code).toBe('NOT_FOUND');
  });

  it('refuses a copy that does not fit in the team’s storage', async () => {
    const team = await signUp('Stella Storage');
    const document = (await uploadDocument(team.agent, threePages, 'Voll.pdf').expect(201)).body;
    // Other files fill the Free plan's storage but for half the document's size.
    await countTeamStorage(team.teamId, plans.free.limits.storageBytes - Math.ceil(threePages.length * 1.5));
    const refused = await team.agent.post('/api/v1/document-templates').send({ documentId: document.id }).expect(409);
    expect(refused.body.error.code).toBe('STORAGE_LIMIT_REACHED');
    expect((await listTemplates(team.agent)).total).toBe(0);
    expect(await storedFiles(team.teamId)).toBe(1);
  });
});

describe('saving a template', () => {
  it('stores roles and fields at their page-relative places, raising the revision, and refuses a stale save', async () => {
    const team = await signUp('Sara Save');
    const created = (await uploadTemplate(team.agent, threePages, 'Vertrag.pdf').expect(201)).body;
    const signer = created.roles[0] as TemplateRole;
    const landlord: TemplateRole = { id: 'landlord', name: 'Vermieter/in', kind: 'signer', order: 2 };
    const copy: TemplateRole = { id: 'copy', name: 'Hausverwaltung', kind: 'cc', order: 3 };
    const fields = [
      field('sign-1', signer.id, {
        kind: 'signature',
        page: 2,
        x: 0.55,
        y: 0.8,
        width: 0.35,
        height: 0.08,
        required: true,
      }),
      field('name-1', signer.id, { kind: 'text', prefillKey: 'tenant_name', label: 'Mieter/in' }),
      // The same key for another role is that role's own.
      field('name-2', landlord.id, { kind: 'text', y: 0.2, prefillKey: 'tenant_name' }),
      field('corner', landlord.id, { kind: 'checkbox', x: 0.7, y: 0.9, width: 0.3, height: 0.1 }),
    ];
    const save: SaveDocumentTemplateRequest = {
      revision: 0,
      name: 'Mietvertrag (Vorlage)',
      roles: [signer, landlord, copy],
      fields,
    };
    const saved = await team.agent.put(`/api/v1/document-templates/${created.id}`).send(save).expect(200);
    expect(saved.body).toMatchObject({ revision: 1, name: 'Mietvertrag (Vorlage)', roles: save.roles, fields });

    const read = await team.agent.get(`/api/v1/document-templates/${created.id}`).expect(200);
    expect(read.body.fields).toEqual(fields);
    expect((await listTemplates(team.agent)).templates[0]).toMatchObject({ roleCount: 3, fieldCount: 4 });

    const stale = await team.agent
      .put(`/api/v1/document-templates/${created.id}`)
      .send({ ...save, name: 'Von gestern' })
      .expect(409);
    expect(stale.body.error).toMatchObject({ code: 'VERSION_CONFLICT', details: { currentRevision: 1 } });
    // Two saves from the same revision at once: one wins.
    const both = await Promise.all(
      ['Eins', 'Zwei'].map((name) =>
        team.agent.put(`/api/v1/document-templates/${created.id}`).send({ ...save, revision: 1, name }),
      ),
    );
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await team.agent.get(`/api/v1/document-templates/${created.id}`).expect(200)).body.revision).toBe(2);
  });

  it('refuses fields outside their page or the PDF, of unknown or non-filling roles, repeated ids or keys, and too many', async () => {
    const team = await signUp('Vera Valid');
    const created = (await uploadTemplate(team.agent, threePages, 'Formular.pdf').expect(201)).body;
    const signer = created.roles[0] as TemplateRole;
    const viewer: TemplateRole = { id: 'viewer', name: 'Zur Kenntnis', kind: 'viewer', order: 1 };
    const saveWith = (fields: unknown[], roles: unknown[] = [signer, viewer]) =>
      team.agent.put(`/api/v1/document-templates/${created.id}`).send({ revision: 0, name: 'X', roles, fields });
    const issuePaths = async (fields: unknown[], roles?: unknown[]) => {
      const answer = await saveWith(fields, roles).expect(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
      return answer.body.error.details.issues.map((issue: { path: (string | number)[] }) => issue.path.join('.'));
    };

    expect(await issuePaths([field('a', signer.id, { x: 0.8, width: 0.3 })])).toEqual(['fields.0.width']);
    expect(await issuePaths([field('a', signer.id, { y: 0.96 })])).toEqual(['fields.0.height']);
    expect(await issuePaths([field('a', signer.id, { x: -0.01 })])).toEqual(['fields.0.x']);
    expect(await issuePaths([field('a', signer.id, { width: 0.005 })])).toEqual(['fields.0.width']);
    expect(await issuePaths([field('a', signer.id, { page: 3 })])).toEqual(['fields.0.page']);
    expect(await issuePaths([field('a', 'nobody')])).toEqual(['fields.0.roleId']);
    expect(await issuePaths([field('a', viewer.id)])).toEqual(['fields.0.roleId']);
    expect(await issuePaths([field('a', signer.id), field('a', signer.id, { y: 0.5 })])).toEqual(['fields.1.id']);
    expect(await issuePaths([field('a', signer.id, { prefillKey: 'Name des Mieters' })])).toEqual([
      'fields.0.prefillKey',
    ]);
    expect(
      await issuePaths([field('a', signer.id, { prefillKey: 'city' }), field('b', signer.id, { prefillKey: 'city' })]),
    ).toEqual(['fields.1.prefillKey']);
    expect(await issuePaths([field('a', signer.id)], [signer, { ...viewer, id: signer.id }])).toEqual([
      'roles.1.id',
      'fields.0.roleId',
    ]);
    expect(await issuePaths([], [])).toEqual(['roles']);
    const manyRoles = Array.from({ length: 21 }, (_, index) => ({ ...signer, id: `r${index}`, order: 1 }));
    expect(await issuePaths([], manyRoles)).toEqual(['roles']);
    const manyFields = Array.from({ length: 501 }, (_, index) => field(`f${index}`, signer.id));
    expect(await issuePaths(manyFields)).toEqual(['fields']);

    // Sums that pass 1 by no more than a rounding error are inside.
    await saveWith([
      field('edge', signer.id, { x: 0.7, width: 0.30000000000001, y: 0.9, height: 0.10000000000001 }),
    ]).expect(200);
    expect((await team.agent.get(`/api/v1/document-templates/${created.id}`).expect(200)).body.revision).toBe(1);
  });
});

describe('duplicating and deleting', () => {
  it('shares the PDF with a duplicate: storage counts it once, and it goes with the last template holding it', async () => {
    const team = await signUp('Doris Duplicate', 'en');
    const original = (await uploadTemplate(team.agent, threePages, 'Order.pdf').expect(201)).body;
    const signer = original.roles[0] as TemplateRole;
    await team.agent
      .put(`/api/v1/document-templates/${original.id}`)
      .send({ revision: 0, name: 'Order', roles: original.roles, fields: [field('f1', signer.id)] })
      .expect(200);

    const copy = (await team.agent.post(`/api/v1/document-templates/${original.id}/duplicate`).expect(201)).body;
    expect(copy).toMatchObject({ name: 'Order (copy)', revision: 0, roles: original.roles, pageCount: 3 });
    expect(copy.fields).toEqual([field('f1', signer.id)]);
    expect(copy.id).not.toBe(original.id);
    expect(await storageOf(team.agent)).toBe(threePages.length);
    expect(await storedFiles(team.teamId)).toBe(1);

    await team.agent.delete(`/api/v1/document-templates/${original.id}`).expect(204);
    await team.agent.get(`/api/v1/document-templates/${original.id}`).expect(404);
    await team.agent.post(`/api/v1/document-templates/${original.id}/duplicate`).expect(404);
    const download = await team.agent.get(`/api/v1/document-templates/${copy.id}/file`).buffer(true).expect(200);
    expect(Buffer.from(download.body).equals(threePages)).toBe(true);
    expect(await storageOf(team.agent)).toBe(threePages.length);

    // Two deletes of the last holder at once release the file once.
    const statuses = await Promise.all([1, 2].map(() => team.agent.delete(`/api/v1/document-templates/${copy.id}`)));
    expect(statuses.map((answer) => answer.status).sort()).toEqual([204, 404]);
    expect(await storageOf(team.agent)).toBe(0);
    expect(await storedFiles(team.teamId)).toBe(0);
    expect(await listTemplates(team.agent)).toMatchObject({ total: 0, templates: [] });
  });

  it('pages newest first across blocks after deletes', async () => {
    const team = await signUp('Paul Pages');
    const first = (await uploadTemplate(team.agent, onePage, 'Vorlage.pdf').expect(201)).body;
    const ids: string[] = [first.id];
    // Copies are numbered like any new template, and cheaper to make than uploads.
    for (let index = 2; index <= 110; index += 1) {
      ids.push((await team.agent.post(`/api/v1/document-templates/${first.id}/duplicate`).expect(201)).body.id);
    }
    const order = [...ids].reverse();
    const removed = [order[0], order[9], order[10], order[60], order[109]] as string[];
    for (const id of removed) await team.agent.delete(`/api/v1/document-templates/${id}`).expect(204);
    const expected = order.filter((id) => !removed.includes(id));

    const seen: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const listed = await listTemplates(team.agent, page);
      expect(listed).toMatchObject({ page, total: 105, pageCount: 3 });
      expect(listed.templates.length).toBeLessThanOrEqual(documentTemplatePageSize);
      seen.push(...listed.templates.map((template: { id: string }) => template.id));
    }
    expect(seen).toEqual(expected);
    // The first template was removed, its copies still hold the file.
    expect(await storageOf(team.agent)).toBe(onePage.length);
  });
});

describe('who may do what', () => {
  it('lets every member make, edit and duplicate, and only the maker and owner or admins delete', async () => {
    const owner = await signUp('Olga Owner');
    const maja = await joinTeam(owner, 'Maja Member');
    const max = await joinTeam(owner, 'Max Member');
    const created = (await uploadTemplate(maja.agent, onePage, 'Von Maja.pdf').expect(201)).body;

    const edited = await max.agent
      .put(`/api/v1/document-templates/${created.id}`)
      .send({ revision: 0, name: 'Von Max bearbeitet', roles: created.roles, fields: [] })
      .expect(200);
    expect(edited.body.updatedBy).toEqual({ id: max.userId, name: 'Max Member' });
    expect(edited.body.createdBy).toEqual({ id: maja.userId, name: 'Maja Member' });
    const copy = (await max.agent.post(`/api/v1/document-templates/${created.id}/duplicate`).expect(201)).body;

    const forbidden = await max.agent.delete(`/api/v1/document-templates/${created.id}`).expect(403);
    expect(forbidden.body.error.code).toBe('FORBIDDEN');
    await owner.agent.delete(`/api/v1/document-templates/${created.id}`).expect(204);
    await max.agent.delete(`/api/v1/document-templates/${copy.id}`).expect(204);
  });

  it('answers another team’s template or document with 404, as an unknown one, and a guest with 401', async () => {
    const owner = await signUp('Ines Intern');
    const created = (await uploadTemplate(owner.agent, onePage, 'Intern.pdf').expect(201)).body;
    const document = (await uploadDocument(owner.agent, onePage, 'Intern.pdf').expect(201)).body;
    const stranger = await signUp('Sina Stranger');
    const path = `/api/v1/document-templates/${created.id}`;

    await stranger.agent.get(path).expect(404);
    await stranger.agent.get(`${path}/file`).expect(404);
    await stranger.agent.put(path).send({ revision: 0, name: 'x', roles: created.roles, fields: [] }).expect(404);
    await stranger.agent.post(`${path}/duplicate`).expect(404);
    await stranger.agent.delete(path).expect(404);
    await stranger.agent.post('/api/v1/document-templates').send({ documentId: document.id }).expect(404);
    expect((await listTemplates(stranger.agent)).total).toBe(0);

    await request(app).get('/api/v1/document-templates').expect(401);
    await request(app).get(`${path}/file`).expect(401);
    const untouched = await owner.agent.get(path).expect(200);
    expect(untouched.body).toMatchObject({ name: 'Intern', revision: 0 });
  });
});
