import type { FormDefinitionInput } from '@formwerk/contracts';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpAndSignIn } from '../../test/accounts';
import { createTestAgent, type TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { SubmissionModel } from './submission.model';
import { storeUnnumberedSubmissions } from './submission-test-helpers';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

const definition: FormDefinitionInput = {
  title: 'Bestellung',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        {
          id: 'size',
          type: 'singleChoice',
          label: 'Größe',
          choices: [
            { id: 's', label: 'Klein' },
            { id: 'l', label: 'Groß; mit "Extra"' },
          ],
        },
        { id: 'count', type: 'number', label: 'Anzahl', decimals: 0 },
      ],
    },
  ],
};

let owner: TestAgent;
let outsider: TestAgent;
let formId: string;
let teamId: number;

beforeAll(async () => {
  owner = createTestAgent(app);
  const signUp = await signUpAndSignIn(owner, {
    name: 'Olga',
    email: 'olga@example.com',
    password: 'correct horse battery',
  });
  teamId = signUp.body.teamId;
  outsider = createTestAgent(app);
  await signUpAndSignIn(outsider, { name: 'Otto', email: 'otto@example.com', password: 'correct horse battery' });
  formId = (await owner.post('/api/v1/forms').send({ title: 'Bestellung' })).body.id;
  await owner.put(`/api/v1/forms/${formId}`).send({ version: 1, definition }).expect(200);
  // Rows as the public page stored them before they were numbered, with known times.
  const names = ['Anna', 'Bert', 'Carla', 'Dora', '=HYPERLINK("http://evil")'];
  await storeUnnumberedSubmissions(
    teamId,
    names.map((name, index) => ({
      formId,
      formVersion: 2,
      idempotencyKey: `key-${index}`,
      answers: { name, size: index % 2 === 0 ? 's' : 'l', count: index + 1 },
      createdAt: new Date(Date.UTC(2026, 10, 1 + index, 9, 30)),
    })),
  );
});

describe('the submissions of a form', () => {
  it('pages, sorts by a field and filters per column on the server', async () => {
    const firstPage = await owner.get(`/api/v1/forms/${formId}/submissions`).query({ pageSize: 2 }).expect(200);
    expect(firstPage.body.total).toBe(5);
    expect(firstPage.body.submissions.map((row: { answers: { name: string } }) => row.answers.name)).toEqual([
      '=HYPERLINK("http://evil")',
      'Dora',
    ]);
    const byName = await owner
      .get(`/api/v1/forms/${formId}/submissions`)
      .query({ sort: 'name', order: 'asc', pageSize: 3, page: 2 });
    expect(byName.body.submissions.map((row: { answers: { name: string } }) => row.answers.name)).toEqual([
      'Carla',
      'Dora',
    ]);
    const filtered = await owner.get(`/api/v1/forms/${formId}/submissions`).query({ 'filter.name': 'AR' }).expect(200);
    expect(filtered.body.submissions.map((row: { answers: { name: string } }) => row.answers.name)).toEqual(['Carla']);
    await owner.get(`/api/v1/forms/${formId}/submissions`).query({ 'filter.$where': 'x' }).expect(400);
    const all = await owner.get('/api/v1/submissions').query({ pageSize: 1 }).expect(200);
    expect(all.body.total).toBe(5);
    expect(all.body.forms).toEqual([{ id: formId, title: 'Bestellung' }]);
  });

  it('shows one submission, and nothing of it to another team', async () => {
    const [row] = (await owner.get(`/api/v1/forms/${formId}/submissions`).query({ pageSize: 1 })).body.submissions;
    const detail = await owner.get(`/api/v1/submissions/${row.id}`).expect(200);
    expect(detail.body).toEqual(row);
    await outsider.get(`/api/v1/submissions/${row.id}`).expect(404);
    await outsider.get(`/api/v1/forms/${formId}/submissions`).expect(404);
    await outsider.get(`/api/v1/forms/${formId}/submissions/export`).expect(404);
    expect((await outsider.get('/api/v1/submissions').expect(200)).body.total).toBe(0);
    await request(app).get(`/api/v1/forms/${formId}/submissions`).expect(401);
  });

  it('exports CSV that Excel opens: BOM, the German separator, quoted cells, dates, no formulas', async () => {
    const response = await owner
      .get(`/api/v1/forms/${formId}/submissions/export`)
      .query({ format: 'csv', locale: 'de' })
      .buffer(true)
      .parse((stream, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
      })
      .expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename=Bestellung.csv');
    const lines = (response.body as string).split('\r\n');
    expect(lines[0]).toBe('\uFEFFEingegangen (UTC);Name;Größe;Anzahl');
    expect(lines[1]).toBe('2026-11-01 09:30:00;Anna;Klein;1');
    expect(lines[2]).toBe('2026-11-02 09:30:00;Bert;"Groß; mit ""Extra""";2');
    expect(lines[5]).toBe(`2026-11-05 09:30:00;"'=HYPERLINK(""http://evil"")";Klein;5`);
    expect(lines).toHaveLength(7);
  });

  it('exports XLSX with real dates and numbers, honouring the column filter', async () => {
    const response = await owner
      .get(`/api/v1/forms/${formId}/submissions/export`)
      .query({ format: 'xlsx', locale: 'en', 'filter.size': 's' })
      .buffer(true)
      .parse((stream, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.body as Parameters<typeof workbook.xlsx.load>[0]);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Submitted (UTC)', 'Name', 'Größe', 'Anzahl']);
    expect(sheet?.rowCount).toBe(4);
    const first = sheet?.getRow(2);
    expect(first?.getCell(1).value).toEqual(new Date(Date.UTC(2026, 10, 1, 9, 30)));
    expect(first?.getCell(3).value).toBe('Klein');
    expect(first?.getCell(4).value).toBe(1);
  });

  it('deletes the chosen rows of the form only', async () => {
    const other = await owner.post('/api/v1/forms').send({ title: 'Andere' });
    const rows = (await owner.get(`/api/v1/forms/${formId}/submissions`).query({ pageSize: 2 })).body.submissions;
    const ids = rows.map((row: { id: string }) => row.id);
    expect(
      (await owner.post(`/api/v1/forms/${other.body.id}/submissions/delete`).send({ ids }).expect(200)).body,
    ).toEqual({ deleted: 0 });
    await outsider.post(`/api/v1/forms/${formId}/submissions/delete`).send({ ids }).expect(404);
    expect((await owner.post(`/api/v1/forms/${formId}/submissions/delete`).send({ ids }).expect(200)).body).toEqual({
      deleted: 2,
    });
    expect((await owner.get(`/api/v1/forms/${formId}/submissions`)).body.total).toBe(3);
  });

  it('when a form is deleted, its submissions go with it and nothing of them is left for the team', async () => {
    const doomed = (await owner.post('/api/v1/forms').send({ title: 'Weg damit' })).body.id;
    await storeUnnumberedSubmissions(teamId, [{ formId: doomed, idempotencyKey: 'doomed-1', answers: {} }]);
    const before = (await owner.get('/api/v1/submissions')).body.total;
    await outsider.delete(`/api/v1/forms/${doomed}`).expect(404);
    await owner.delete(`/api/v1/forms/${doomed}`).expect(204);
    expect((await owner.get('/api/v1/submissions')).body.total).toBe(before - 1);
    expect(await SubmissionModel.countDocuments({ formId: doomed })).toBe(0);
  });
});
