import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type FormDefinitionInput, formDefinitionSchema } from '@formwerk/contracts';
import { PDF } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { listImages, runTool, signaturePng, useScratchDirectory } from '../documents/sealing/sealing-test-helpers';
import { type PdfApproval, renderSubmissionPdf, type SubmissionPdfInput } from './submission-pdf';

const scratch = useScratchDirectory();

const definitionInput: FormDefinitionInput = {
  title: 'Schadensmeldung Größe',
  language: 'de',
  pages: [
    {
      id: 'p1',
      title: 'Über Sie',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name' },
        {
          id: 'extras',
          type: 'multipleChoice',
          label: 'Zusätze',
          choices: [
            { id: 'milk', label: 'Milch' },
            { id: 'sugar', label: 'Zucker' },
          ],
        },
        { id: 'intro', type: 'heading', label: 'Der Schaden', text: 'Bitte genau beschreiben.' },
        { id: 'story', type: 'longText', label: 'Was ist passiert?' },
      ],
    },
    {
      id: 'p2',
      fields: [
        { id: 'again', type: 'yesNo', label: 'Wieder?' },
        { id: 'stars', type: 'rating', label: 'Sterne', max: 5 },
        { id: 'when', type: 'date', label: 'Datum' },
        { id: 'photo', type: 'fileUpload', label: 'Fotos', maxFiles: 3 },
        { id: 'nothing', type: 'shortText', label: 'Leer gelassen' },
        { id: 'sign', type: 'signature', label: 'Unterschrift' },
      ],
    },
  ],
};
const definition = formDefinitionSchema.parse(definitionInput);

const signatureFile = { fileId: 'sig1', name: 'signature.png', size: 2048, type: 'image/png' };
const baseInput: SubmissionPdfInput = {
  definition,
  submission: {
    createdAt: new Date('2026-11-03T09:30:00Z'),
    reference: 'SCH-2026-00042',
    score: null,
    answers: {
      name: 'Jürgen Weiß',
      extras: ['sugar', 'milk'],
      story: 'Zeile eins\nZeile zwei',
      again: true,
      stars: 4,
      when: '2026-11-02',
      photo: [
        { fileId: 'f1', name: 'vorher.jpg', size: 250_000, type: 'image/jpeg' },
        { fileId: 'f2', name: 'nachher.jpg', size: 1_200, type: 'image/jpeg' },
      ],
      sign: [signatureFile],
      oldField: 'Noch da',
    },
  },
  timeZone: 'Europe/Vienna',
  signatures: new Map([['sig1', signaturePng()]]),
  approval: null,
};

const approval: PdfApproval = {
  workflowName: 'Prüfung',
  status: 'approved',
  startedAt: '2026-11-03T09:31:00.000Z',
  endedAt: '2026-11-04T10:00:00.000Z',
  timeline: [
    {
      at: '2026-11-03T09:31:00.000Z',
      kind: 'started',
      actor: null,
      onBehalfOf: null,
      nodeId: null,
      stepLabel: null,
      comment: null,
    },
    {
      at: '2026-11-04T10:00:00.000Z',
      kind: 'approved',
      actor: 'Anna Berger',
      onBehalfOf: 'Olga Huber',
      nodeId: 'a1',
      stepLabel: 'Sachbearbeitung',
      comment: 'Passt so.',
      changedFieldIds: ['name'],
    },
  ],
};

let fileCount = 0;

/**
 * The text of the PDF (or of its page `page`) as poppler's pdftotext lays it out, label and answer on
 * one line, its runs of spaces made one, as a reader sees the words.
 */
async function textOf(pdf: Uint8Array, page?: number): Promise<string> {
  fileCount += 1;
  const path = join(scratch(), `submission-${fileCount}.pdf`);
  await writeFile(path, pdf);
  const pages = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  const { exitCode, output } = await runTool('/usr/bin/pdftotext', ['-layout', ...pages, path, '-']);
  if (exitCode !== 0) throw new Error(`pdftotext failed: ${output}`);
  return output.replace(/[ \t]+/g, ' ').replace(/^ /gm, '');
}

describe('a submission as a PDF', () => {
  it('lists the answers under the form’s pages with their labels, as the submission’s page does', async () => {
    const pdf = await renderSubmissionPdf(baseInput);
    const text = await textOf(pdf);
    expect(text).toContain('Schadensmeldung Größe');
    expect(text).toContain('Eingegangen am 03.11.2026, 10:30 (Zeiten in Europe/Vienna)');
    expect(text).toContain('Referenznummer SCH-2026-00042');
    expect(text).toContain('Über Sie');
    expect(text).toContain('Name Jürgen Weiß');
    expect(text).toMatch(/Zusätze • Zucker\n+• Milch/);
    expect(text).toContain('Der Schaden');
    expect(text).toContain('Bitte genau beschreiben.');
    expect(text).toMatch(/Was ist passiert\? Zeile eins\n+Zeile zwei/);
    expect(text).toContain('Seite 2');
    expect(text).toContain('Wieder? Ja');
    expect(text).toContain('Sterne 4 von 5');
    expect(text).toContain('Datum 02.11.2026');
    expect(text).toMatch(/Fotos • vorher\.jpg \(250 kB\)\n+• nachher\.jpg \(1 kB\)/);
    expect(text).toContain('Leer gelassen Keine Antwort');
    expect(text).toContain('Antworten auf inzwischen entfernte Felder');
    expect(text).toContain('oldField Noch da');
    expect(text).toContain('Schadensmeldung Größe · SCH-2026-00042');
    expect(text).toContain('Seite 1 von 1');
    expect(text).not.toContain('Freigabeverlauf');
    expect(text).not.toContain('signature.png');
    expect(await listImages(scratch(), pdf)).toHaveLength(1);
  });

  it('names a signature whose picture could not be read like any file', async () => {
    const text = await textOf(await renderSubmissionPdf({ ...baseInput, signatures: new Map() }));
    expect(text).toContain('Unterschrift • signature.png (2 kB)');
  });

  it('tells the approval history in the form’s language, with who acted for whom and their comments', async () => {
    const text = await textOf(await renderSubmissionPdf({ ...baseInput, approval }));
    expect(text).toContain('Freigabeverlauf');
    expect(text).toContain('Workflow Prüfung');
    expect(text).toContain('Stand Freigegeben');
    expect(text).toContain('Gestartet 03.11.2026, 10:31');
    expect(text).toContain('Beendet 04.11.2026, 11:00');
    expect(text).toContain('Das System hat die Freigabe gestartet');
    expect(text).toContain('Anna Berger für Olga Huber hat freigegeben · Sachbearbeitung');
    expect(text).toContain('Geändert: Name');
    expect(text).toContain('„Passt so.“');
  });

  it('in an English form, words everything in English', async () => {
    const english = formDefinitionSchema.parse({ ...definitionInput, language: 'en' });
    const text = await textOf(await renderSubmissionPdf({ ...baseInput, definition: english, approval }));
    expect(text).toContain('Submitted on 11/03/2026, 10:30 AM (Times in Europe/Vienna)');
    expect(text).toContain('Reference number SCH-2026-00042');
    expect(text).toContain('Wieder? Yes');
    expect(text).toContain('Sterne 4 of 5');
    expect(text).toContain('Leer gelassen No answer');
    expect(text).toContain('Approval history');
    expect(text).toContain('Anna Berger for Olga Huber approved · Sachbearbeitung');
    expect(text).toContain('Page 1 of 1');
  });

  it('wraps a long answer and continues it on further pages, each page numbered', async () => {
    const paragraph = Array.from({ length: 40 }, (_, index) => `Satz ${index + 1} über den Schaden am Dach.`).join(' ');
    const link = `https://example.com/${'x'.repeat(300)}`;
    const story = [link, ...Array.from({ length: 12 }, () => paragraph)].join('\n');
    const pdf = await renderSubmissionPdf({
      ...baseInput,
      submission: { ...baseInput.submission, answers: { ...baseInput.submission.answers, story } },
    });
    const pageCount = (await PDF.load(pdf)).getPageCount();
    expect(pageCount).toBeGreaterThan(2);
    expect(await textOf(pdf, pageCount)).toContain(`Seite ${pageCount} von ${pageCount}`);
    // Every word is there: nothing was cut at a line's or page's end.
    const text = await textOf(pdf);
    expect(text.match(/\bSatz\b/g)).toHaveLength(40 * 12);
    expect(text.match(/\bDach\./g)).toHaveLength(40 * 12);
    // A word longer than a line is broken inside, not cut off.
    expect(text.replace(/\s+/g, '')).toContain(link);
  });

  it('shows characters beyond the PDF fonts by their base letter or as ?, and says so', async () => {
    const text = await textOf(
      await renderSubmissionPdf({
        ...baseInput,
        submission: { ...baseInput.submission, answers: { name: 'Dvořák Ελένη' } },
      }),
    );
    expect(text).toContain('Name Dvorák ?????');
    expect(text).toContain('Zeichen außerhalb der Schrift dieses PDFs sind als ? gezeigt.');
  });
});
