import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FormDefinitionInput, TaskSummary } from '@formwerk/contracts';
import { PDF } from '@libpdf/core';
import { unzipSync } from 'fflate';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { useTestDatabase } from '../../test/test-database';
import { listImages, runTool, signaturePng, useScratchDirectory } from '../documents/sealing/sealing-test-helpers';
import { gridFsStorage } from '../files/gridfs-storage';
import { createPublishedForm, type Person, signUp, waitUntil } from '../form-notifications/notifications-test-helpers';
import { startInstance } from '../workflows/workflow-instances';
import { approvalStep, endNodes, graphOf, publishWorkflow } from '../workflows/workflow-test-helpers';
import { SubmissionModel } from './submission.model';
import { storeUnnumberedSubmissions } from './submission-test-helpers';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
const scratch = useScratchDirectory();

const definition: FormDefinitionInput = {
  title: 'Bestellung',
  language: 'de',
  pages: [
    {
      id: 'p1',
      title: 'Ihre Bestellung',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        {
          id: 'size',
          type: 'singleChoice',
          label: 'Größe',
          choices: [
            { id: 's', label: 'Klein' },
            { id: 'l', label: 'Groß' },
          ],
        },
        { id: 'sign', type: 'signature', label: 'Unterschrift' },
      ],
    },
  ],
};

let owner: Person;
let outsider: Person;
let formId: string;
const ids: Record<string, string> = {};

/** The body of a binary answer (a PDF, a zip) as bytes. */
const asBytes = (response: request.Test) =>
  response.buffer(true).parse((stream, done) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => done(null, Buffer.concat(chunks)));
  });

let fileCount = 0;
/** The PDF's text as poppler's pdftotext lays it out (label and answer on a line), spaces made one. */
async function textOf(pdf: Uint8Array): Promise<string> {
  fileCount += 1;
  const path = join(scratch(), `pdf-${fileCount}.pdf`);
  await writeFile(path, pdf);
  const { exitCode, output } = await runTool('/usr/bin/pdftotext', ['-layout', path, '-']);
  if (exitCode !== 0) throw new Error(`pdftotext failed: ${output}`);
  return output.replace(/[ \t]+/g, ' ').replace(/^ /gm, '');
}

beforeAll(async () => {
  owner = await signUp(app, 'Olga Owner', 'olga@example.com', 'de');
  outsider = await signUp(app, 'Otto Outsider', 'otto@example.com', 'de');
  formId = await createPublishedForm(owner.agent, definition);
  const signature = await gridFsStorage.put(
    Readable.from([Buffer.from(signaturePng())]),
    {
      kind: 'answer',
      teamId: owner.teamId,
      formId,
      fieldId: 'sign',
      name: 'signature.png',
      type: 'image/png',
      submissionId: null,
    },
    1024 * 1024,
  );
  await storeUnnumberedSubmissions(
    owner.teamId,
    ['Anna', 'Bert', 'Carla'].map((name, index) => ({
      formId,
      idempotencyKey: `key-${name}`,
      reference: `BE-2026-0000${index + 1}`,
      createdAt: new Date(Date.UTC(2026, 10, 1 + index, 9, 30)),
      answers: {
        name,
        size: index === 1 ? 'l' : 's',
        ...(name === 'Anna'
          ? { sign: [{ fileId: signature.id, name: 'signature.png', size: signature.size, type: 'image/png' }] }
          : {}),
      },
    })),
  );
  for (const submission of await SubmissionModel.find({ formId }).lean()) {
    ids[(submission.answers as { name: string }).name] = submission._id.toString();
  }
  // Anna's submission went through an approval the owner decided.
  const workflowId = await publishWorkflow(owner, {
    formIds: [formId],
    graph: graphOf(
      [{ id: 'start', type: 'start' }, approvalStep('s1', [owner], { label: 'Prüfung' }), ...endNodes],
      ['start:out>s1', 's1:approved>yes', 's1:rejected>no'],
    ),
  });
  await startInstance({ submissionId: ids.Anna as string, workflowId });
  const tasks = await waitUntil(
    async () => (await owner.agent.get('/api/v1/approvals/tasks').expect(200)).body.tasks as TaskSummary[],
    (listed) => listed.some((task) => task.submissionId === ids.Anna),
  );
  const task = tasks.find((each) => each.submissionId === ids.Anna) as TaskSummary;
  await owner.agent
    .post(`/api/v1/approvals/tasks/${task.id}/decision`)
    .send({ outcome: 'approve', comment: 'Passt so.' })
    .expect(200);
});

describe('a submission as a PDF', () => {
  it('downloads with the form’s name and reference, its answers, signature and approval history', async () => {
    const response = await asBytes(owner.agent.get(`/api/v1/forms/${formId}/submissions/${ids.Anna}/pdf`)).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Bestellung BE-2026-00001.pdf"');
    const pdf = new Uint8Array(response.body as Buffer);
    expect((await PDF.load(pdf)).getPageCount()).toBe(1);
    const text = await textOf(pdf);
    expect(text).toContain('Bestellung');
    expect(text).toContain('Referenznummer BE-2026-00001');
    expect(text).toContain('Ihre Bestellung');
    expect(text).toContain('Name Anna');
    expect(text).toContain('Größe Klein');
    expect(text).toContain('Freigabeverlauf');
    expect(text).toContain('Stand Freigegeben');
    expect(text).toContain('Olga Owner hat freigegeben · Prüfung');
    expect(text).toContain('„Passt so.“');
    // The drawn signature is a picture, not a file name.
    expect(text).not.toContain('signature.png');
    expect(await listImages(scratch(), pdf)).toHaveLength(1);
  });

  it('without an approval, has no approval history', async () => {
    const response = await asBytes(owner.agent.get(`/api/v1/forms/${formId}/submissions/${ids.Bert}/pdf`)).expect(200);
    const text = await textOf(new Uint8Array(response.body as Buffer));
    expect(text).toContain('Name Bert');
    expect(text).toContain('Größe Groß');
    expect(text).toContain('Unterschrift Keine Datei');
    expect(text).not.toContain('Freigabeverlauf');
  });

  it('when the submission is not the form’s or the team’s, or the id is no id, says so', async () => {
    const otherFormId = await createPublishedForm(owner.agent, { ...definition, title: 'Andere' });
    const notFound = await owner.agent.get(`/api/v1/forms/${otherFormId}/submissions/${ids.Anna}/pdf`).expect(404);
    expect(notFound.body.error.code).toBe('NOT_FOUND');
    await outsider.agent.get(`/api/v1/forms/${formId}/submissions/${ids.Anna}/pdf`).expect(404);
    const invalid = await owner.agent.get(`/api/v1/forms/${formId}/submissions/nope/pdf`).expect(400);
    expect(invalid.body.error.code).toBe('VALIDATION_FAILED');
    await request(app).get(`/api/v1/forms/${formId}/submissions/${ids.Anna}/pdf`).expect(401);
  });
});

/** The zip's files by name, each a PDF's text. */
async function unzipPdfs(response: request.Response): Promise<Record<string, string>> {
  const files = unzipSync(new Uint8Array(response.body as Buffer));
  const texts: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(files)) texts[name] = await textOf(bytes);
  return texts;
}

describe('the table’s submissions as PDFs in a zip', () => {
  it('holds one PDF per submission, oldest first, named by the form and reference', async () => {
    const response = await asBytes(owner.agent.get(`/api/v1/forms/${formId}/submissions/export.zip`)).expect(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename=Bestellung.zip');
    const pdfs = await unzipPdfs(response);
    expect(Object.keys(pdfs)).toEqual([
      'Bestellung BE-2026-00001.pdf',
      'Bestellung BE-2026-00002.pdf',
      'Bestellung BE-2026-00003.pdf',
    ]);
    expect(pdfs['Bestellung BE-2026-00001.pdf']).toContain('Olga Owner hat freigegeben · Prüfung');
    expect(pdfs['Bestellung BE-2026-00003.pdf']).toContain('Name Carla');
  });

  it('keeps the rows the table’s filters and reference search keep, or only the ticked ones', async () => {
    const filtered = await asBytes(
      owner.agent.get(`/api/v1/forms/${formId}/submissions/export.zip`).query({ 'filter.name': 'AR' }),
    ).expect(200);
    expect(Object.keys(await unzipPdfs(filtered))).toEqual(['Bestellung BE-2026-00003.pdf']);
    const byReference = await asBytes(
      owner.agent.get(`/api/v1/forms/${formId}/submissions/export.zip`).query({ reference: '00002' }),
    ).expect(200);
    expect(Object.keys(await unzipPdfs(byReference))).toEqual(['Bestellung BE-2026-00002.pdf']);
    const ticked = await asBytes(
      owner.agent.get(`/api/v1/forms/${formId}/submissions/export.zip`).query({ ids: `${ids.Carla},${ids.Anna}` }),
    ).expect(200);
    expect(Object.keys(await unzipPdfs(ticked))).toEqual([
      'Bestellung BE-2026-00001.pdf',
      'Bestellung BE-2026-00003.pdf',
    ]);
  });

  it('refuses ids that are no ids, and ticked rows of no submission of the form', async () => {
    const invalid = await owner.agent
      .get(`/api/v1/forms/${formId}/submissions/export.zip`)
      .query({ ids: 'nope' })
      .expect(400);
    expect(invalid.body.error.code).toBe('VALIDATION_FAILED');
    const otherFormId = await createPublishedForm(owner.agent, { ...definition, title: 'Leer' });
    const foreign = await owner.agent
      .get(`/api/v1/forms/${otherFormId}/submissions/export.zip`)
      .query({ ids: ids.Anna })
      .expect(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
    await outsider.agent.get(`/api/v1/forms/${formId}/submissions/export.zip`).expect(404);
  });

  it('past 500 submissions, answers EXPORT_TOO_LARGE before sending anything, filtered or not', async () => {
    const bigFormId = await createPublishedForm(owner.agent, { ...definition, title: 'Groß' });
    await storeUnnumberedSubmissions(
      owner.teamId,
      Array.from({ length: 501 }, (_, index) => ({
        formId: bigFormId,
        idempotencyKey: `big-${index}`,
        answers: { name: index === 0 ? 'Einzige' : `Person ${index}` },
      })),
    );
    const all = await owner.agent.get(`/api/v1/forms/${bigFormId}/submissions/export.zip`).expect(409);
    expect(all.body.error).toMatchObject({ code: 'EXPORT_TOO_LARGE', details: { limit: 500 } });
    const matchingAll = await owner.agent
      .get(`/api/v1/forms/${bigFormId}/submissions/export.zip`)
      .query({ 'filter.name': 'e' })
      .expect(409);
    expect(matchingAll.body.error.code).toBe('EXPORT_TOO_LARGE');
    const fewer = await asBytes(
      owner.agent.get(`/api/v1/forms/${bigFormId}/submissions/export.zip`).query({ 'filter.name': 'einzige' }),
    ).expect(200);
    expect(Object.keys(await unzipPdfs(fewer))).toEqual(['Groß 1.pdf']);
  });
});
