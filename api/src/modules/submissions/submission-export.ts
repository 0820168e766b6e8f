import { once } from 'node:events';
import type { Writable } from 'node:stream';
import {
  type AnswerValue,
  type FileAnswer,
  type FormDefinition,
  type FormField,
  takesAnswer,
} from '@formwerk/contracts';
import ExcelJS from 'exceljs';
import type { Submission } from './submission.model';

type Locale = 'de' | 'en';
type Column = { header: string; cell: (submission: Submission) => string | number | Date };

const words = {
  de: {
    submittedAt: 'Eingegangen (UTC)',
    reference: 'Referenznummer',
    points: 'Punkte',
    maxPoints: 'Erreichbare Punkte',
    yes: 'Ja',
    no: 'Nein',
  },
  en: {
    submittedAt: 'Submitted (UTC)',
    reference: 'Reference number',
    points: 'Points',
    maxPoints: 'Points possible',
    yes: 'Yes',
    no: 'No',
  },
} as const;

/** Which of a submission's own values the exported rows carry: those the form ever gave (its counters say). */
type Extras = { hasReference: boolean; hasScore: boolean };

function describeAnswer(field: FormField, value: AnswerValue | undefined, locale: Locale): string | number {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? words[locale].yes : words[locale].no;
  if (typeof value === 'number') return value;
  if ('choices' in field) {
    const labelOf = (id: string) => field.choices.find((choice) => choice.id === id)?.label ?? id;
    return Array.isArray(value) ? (value as string[]).map(labelOf).join(', ') : labelOf(String(value));
  }
  if (Array.isArray(value)) {
    return value.map((item) => (typeof item === 'string' ? item : (item as FileAnswer).name)).join(', ');
  }
  return value;
}

/**
 * The time of receipt, the reference number and the quiz's points (as numbers a spreadsheet can sum)
 * where some row has them, then one column per field that takes an answer, in the form's order.
 */
function columnsOf(definition: FormDefinition, locale: Locale, extras: Extras): Column[] {
  const fields = definition.pages.flatMap((page) => page.fields).filter((field) => takesAnswer(field));
  const text = words[locale];
  return [
    { header: text.submittedAt, cell: (submission) => submission.createdAt },
    ...(extras.hasReference
      ? [{ header: text.reference, cell: (submission: Submission) => submission.reference ?? '' }]
      : []),
    ...(extras.hasScore
      ? [
          { header: text.points, cell: (submission: Submission) => submission.score?.points ?? '' },
          { header: text.maxPoints, cell: (submission: Submission) => submission.score?.maxPoints ?? '' },
        ]
      : []),
    ...fields.map((field) => ({
      header: field.label || field.id,
      cell: (submission: Submission) => describeAnswer(field, submission.answers[field.id], locale),
    })),
  ];
}

// Cells that start like a formula are run by spreadsheet programs (CSV injection); a leading
// apostrophe makes them text (https://owasp.org/www-community/attacks/CSV_Injection).
function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function toCsvCell(value: string | number | Date, separator: string): string {
  const text =
    value instanceof Date
      ? value.toISOString().slice(0, 19).replace('T', ' ')
      : typeof value === 'number'
        ? String(value)
        : neutralizeFormula(value);
  return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvChunkLength = 64 * 1024;

async function write(stream: Writable, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

type ExportInput = {
  definition: FormDefinition;
  /** Which of a submission's own values get columns (known before the first row is read). */
  extras: Extras;
  /** Oldest first, a block at a time as they are read (submissions.service findSubmissionsForExport). */
  submissions: AsyncIterable<Submission[]>;
  locale: Locale;
  output: Writable;
};

/**
 * Streams the submissions as CSV: UTF-8 with a byte-order mark and the separator Excel expects in that
 * language (`;` in German, `,` in English), dates as `YYYY-MM-DD hh:mm:ss`, which Excel reads as
 * dates. Rows are written as they are read, a chunk at a time, never all at once.
 */
export async function streamCsv(input: ExportInput): Promise<void> {
  const separator = input.locale === 'de' ? ';' : ',';
  const columns = columnsOf(input.definition, input.locale, input.extras);
  await write(
    input.output,
    `\uFEFF${columns.map((column) => toCsvCell(column.header, separator)).join(separator)}\r\n`,
  );
  // Rows go out in chunks of about 64 KB (whole blocks): a write per row (100 000 of them) costs the
  // api more than making the rows.
  let chunk = '';
  for await (const block of input.submissions) {
    for (const submission of block) {
      chunk += `${columns.map((column) => toCsvCell(column.cell(submission), separator)).join(separator)}\r\n`;
    }
    if (chunk.length >= csvChunkLength) {
      await write(input.output, chunk);
      chunk = '';
    }
  }
  if (chunk) await write(input.output, chunk);
  input.output.end();
}

/** The same rows as an Excel workbook, written row by row to the stream (exceljs' streaming writer). */
export async function streamXlsx(input: ExportInput): Promise<void> {
  const columns = columnsOf(input.definition, input.locale, input.extras);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: input.output, useStyles: true });
  const sheet = workbook.addWorksheet(input.definition.title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' ') || 'Form');
  sheet.columns = columns.map((column, index) => ({
    header: column.header,
    key: String(index),
    width: index === 0 ? 20 : 24,
    ...(index === 0 ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for await (const block of input.submissions) {
    for (const submission of block) sheet.addRow(columns.map((column) => column.cell(submission))).commit();
  }
  sheet.commit();
  await workbook.commit();
}
