import {
  type AnswerValue,
  type FileAnswer,
  type FormDefinition,
  type FormField,
  type FormLanguage,
  type InstanceResponse,
  isEmptyAnswer,
  type MissingAssignee,
  type TimelineEntry,
  takesAnswer,
} from '@formwerk/contracts';
import { formatDate, formatDateTime } from '@formwerk/platform/dates';
import platformDe from '@formwerk/platform/locales/de/platform.json';
import platformEn from '@formwerk/platform/locales/en/platform.json';
import { PDF } from '@libpdf/core';
import { createPdfFlow, fonts, muted, type TextStyle, type ValuePart } from './pdf-flow';
import type { Submission } from './submission.model';

/** The approval of a submission as its PDF tells it. */
export type PdfApproval = Pick<InstanceResponse, 'workflowName' | 'status' | 'timeline' | 'startedAt' | 'endedAt'>;

export type SubmissionPdfInput = {
  definition: FormDefinition;
  submission: Pick<Submission, 'answers' | 'reference' | 'score' | 'createdAt'>;
  /** The form's time zone (its scheduling tab): times read as where the form is at home. */
  timeZone: string;
  /** The drawn signatures by file id, as PNG; one not found here is listed by name like any file. */
  signatures: ReadonlyMap<string, Uint8Array>;
  /** The workflow run for the submission, if one was. */
  approval: PdfApproval | null;
};

type Texts = {
  submittedAt: string;
  reference: string;
  score: string;
  scoreValue: (points: number, maxPoints: number) => string;
  page: (number: number) => string;
  removedFields: string;
  untitledField: string;
  noAnswer: string;
  noFile: string;
  rating: (value: string, max: number) => string;
  yes: string;
  no: string;
  approvalTitle: string;
  workflow: string;
  status: string;
  statuses: Record<PdfApproval['status'], string>;
  startedAt: string;
  endedAt: string;
  timeZone: (zone: string) => string;
  pageOf: (number: number, count: number) => string;
  replacedNote: string;
  quote: (comment: string) => string;
};

// The words of the submission's page and its approval history (mfe-forms `submissions.detail`,
// `submissionWorkflow`), in the form's language.
const texts: Record<FormLanguage, Texts> = {
  de: {
    submittedAt: 'Eingegangen am',
    reference: 'Referenznummer',
    score: 'Punkte im Quiz',
    scoreValue: (points, maxPoints) => `${points} von ${maxPoints} Punkten`,
    page: (number) => `Seite ${number}`,
    removedFields: 'Antworten auf inzwischen entfernte Felder',
    untitledField: 'Feld ohne Beschriftung',
    noAnswer: 'Keine Antwort',
    noFile: 'Keine Datei',
    rating: (value, max) => `${value} von ${max}`,
    yes: 'Ja',
    no: 'Nein',
    approvalTitle: 'Freigabeverlauf',
    workflow: 'Workflow',
    status: 'Stand',
    statuses: {
      running: 'Läuft',
      changesRequested: 'Änderungen erbeten',
      approved: 'Freigegeben',
      rejected: 'Abgelehnt',
      withdrawn: 'Zurückgezogen',
      cancelled: 'Abgebrochen',
    },
    startedAt: 'Gestartet',
    endedAt: 'Beendet',
    timeZone: (zone) => `Zeiten in ${zone}`,
    pageOf: (number, count) => `Seite ${number} von ${count}`,
    replacedNote: 'Zeichen außerhalb der Schrift dieses PDFs sind als ? gezeigt.',
    quote: (comment) => `„${comment}“`,
  },
  en: {
    submittedAt: 'Submitted on',
    reference: 'Reference number',
    score: 'Quiz points',
    scoreValue: (points, maxPoints) => `${points} of ${maxPoints} points`,
    page: (number) => `Page ${number}`,
    removedFields: 'Answers to fields removed since',
    untitledField: 'Untitled field',
    noAnswer: 'No answer',
    noFile: 'No file',
    rating: (value, max) => `${value} of ${max}`,
    yes: 'Yes',
    no: 'No',
    approvalTitle: 'Approval history',
    workflow: 'Workflow',
    status: 'Status',
    statuses: {
      running: 'Running',
      changesRequested: 'Changes requested',
      approved: 'Approved',
      rejected: 'Rejected',
      withdrawn: 'Withdrawn',
      cancelled: 'Cancelled',
    },
    startedAt: 'Started',
    endedAt: 'Ended',
    timeZone: (zone) => `Times in ${zone}`,
    pageOf: (number, count) => `Page ${number} of ${count}`,
    replacedNote: 'Characters outside the font of this PDF are shown as ?.',
    quote: (comment) => `“${comment}”`,
  },
};

// The timeline's sentences are the platform's, so the PDF words the history as the pages do.
const timelineTexts = { de: platformDe.approvalTimeline, en: platformEn.approvalTimeline };
// The number formats of the pages (platform intlLocales).
const numberLocales: Record<FormLanguage, string> = { de: 'de-AT', en: 'en-US' };

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));

const titleStyle: TextStyle = { font: fonts.bold, size: 16 };
const sectionStyle: TextStyle = { font: fonts.bold, size: 12 };
const headingStyle: TextStyle = { font: fonts.bold, size: 10.5 };
const labelStyle: TextStyle = { font: fonts.bold, size: 9 };
const valueStyle: TextStyle = { font: fonts.regular, size: 10 };
const hintStyle: TextStyle = { font: fonts.italic, size: 10, color: muted };
const smallStyle: TextStyle = { font: fonts.regular, size: 9, color: muted };
const quoteStyle: TextStyle = { font: fonts.italic, size: 9.5 };
const bullet = '•  ';
const listIndent = 10;
const signatureSize = { maxWidth: 220, maxHeight: 90 };

const isFileList = (value: AnswerValue): value is FileAnswer[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'object');

/** One answer as the submission's page shows it (mfe-forms answer-view.tsx), as parts of a row. */
function answerParts(
  field: FormField | undefined,
  value: AnswerValue | undefined,
  language: FormLanguage,
  signatures: ReadonlyMap<string, Uint8Array>,
): ValuePart[] {
  const text = texts[language];
  const line = (shown: string, style = valueStyle): ValuePart => ({ kind: 'text', text: shown, style });
  const listItem = (shown: string): ValuePart => ({ kind: 'text', text: `${bullet}${shown}`, style: valueStyle });
  const takesFiles = field?.type === 'fileUpload' || field?.type === 'signature';
  if (value === undefined || isEmptyAnswer(value)) return [line(takesFiles ? text.noFile : text.noAnswer, hintStyle)];
  if (typeof value === 'boolean') return [line(value ? text.yes : text.no)];
  if (typeof value === 'number') {
    const number = new Intl.NumberFormat(numberLocales[language]).format(value);
    return [line(field?.type === 'rating' ? text.rating(number, field.max) : number)];
  }
  if (isFileList(value)) {
    const size = new Intl.NumberFormat(numberLocales[language], {
      style: 'unit',
      unit: 'kilobyte',
      maximumFractionDigits: 0,
    });
    return value.map((file): ValuePart => {
      const png = field?.type === 'signature' ? signatures.get(file.fileId) : undefined;
      return png
        ? { kind: 'image', png, ...signatureSize }
        : listItem(`${file.name} (${size.format(Math.max(1, file.size / 1000))})`);
    });
  }
  const choices = field && 'choices' in field ? field.choices : [];
  const labelOf = (id: string) => choices.find((choice) => choice.id === id)?.label ?? id;
  if (Array.isArray(value)) return value.map((item) => listItem(labelOf(item)));
  // Dates are stored as YYYY-MM-DD: read at midnight UTC and shown in UTC, they stay that calendar day.
  if (field?.type === 'date') return [line(formatDate(new Date(`${value}T00:00:00Z`), language, { timeZone: 'UTC' }))];
  return [line(labelOf(value))];
}

function describeMissing(missing: MissingAssignee, language: FormLanguage): string {
  const sentences = timelineTexts[language].missing;
  switch (missing.kind) {
    case 'user':
      return missing.name ? fill(sentences.user, { name: missing.name }) : sentences.unknownUser;
    case 'group':
      return missing.isDeleted ? sentences.deletedGroup : sentences.emptyGroup;
    case 'answer':
      return fill(sentences.answer, { field: missing.fieldLabel });
  }
}

/** A timeline entry as the approval's pages word it (packages/ui approval-timeline.tsx). */
function describeEntry(entry: TimelineEntry, language: FormLanguage, labelOfField: (fieldId: string) => string) {
  const sentences = timelineTexts[language];
  const actor = entry.actor
    ? entry.onBehalfOf
      ? fill(sentences.onBehalfOf, { actor: entry.actor, name: entry.onBehalfOf })
      : entry.actor
    : sentences.system;
  const changed = entry.changedFieldIds ?? [];
  const missing = entry.missing ?? [];
  return {
    sentence: `${fill(sentences.kinds[entry.kind], { actor })}${entry.stepLabel ? ` · ${entry.stepLabel}` : ''}`,
    notes: [
      ...(changed.length > 0 ? [fill(sentences.changedFields, { fields: changed.map(labelOfField).join(', ') })] : []),
      ...(missing.length > 0
        ? [
            fill(sentences.missingList, {
              list: missing.map((assignee) => describeMissing(assignee, language)).join(', '),
            }),
          ]
        : []),
    ],
  };
}

/**
 * A submission as a PDF in its form's language: the form's title, when it arrived, its reference number
 * and quiz points, then its answers page by page with the form's labels, as the submission's page
 * shows them (headings of the form as subheadings, choices by label, files by name and size, drawn
 * signatures as pictures), answers to fields removed since, and the approval history if a workflow ran.
 * Long answers wrap and continue on further pages; each page's footer names the form and reference.
 */
export async function renderSubmissionPdf(input: SubmissionPdfInput): Promise<Uint8Array> {
  const { definition, submission, timeZone, signatures, approval } = input;
  const language = definition.language;
  const text = texts[language];
  const pdf = PDF.create();
  pdf.setTitle(submission.reference ? `${definition.title} – ${submission.reference}` : definition.title, {
    showInWindowTitleBar: true,
  });
  pdf.setLanguage(language === 'de' ? 'de-AT' : 'en-US');
  const flow = createPdfFlow(pdf);
  const time = (date: Date) => formatDateTime(date, language, { timeZone });

  flow.writeText(definition.title, titleStyle);
  flow.space(6);
  flow.writeRow(text.submittedAt, labelStyle, [
    { kind: 'text', text: `${time(submission.createdAt)} (${text.timeZone(timeZone)})`, style: valueStyle },
  ]);
  if (submission.reference) {
    flow.writeRow(text.reference, labelStyle, [{ kind: 'text', text: submission.reference, style: valueStyle }]);
  }
  if (submission.score) {
    flow.writeRow(text.score, labelStyle, [
      { kind: 'text', text: text.scoreValue(submission.score.points, submission.score.maxPoints), style: valueStyle },
    ]);
  }

  const fields = definition.pages.flatMap((page) => page.fields);
  const knownIds = new Set(fields.filter(takesAnswer).map((field) => field.id));
  definition.pages.forEach((page, index) => {
    // A page with nothing answerable has nothing of this submission; the submission's page leaves it out too.
    if (!page.fields.some(takesAnswer)) return;
    flow.writeRule();
    flow.writeText(page.title || text.page(index + 1), sectionStyle, { keepWithNext: 30 });
    flow.space(4);
    for (const field of page.fields) {
      if (field.type === 'heading') {
        flow.space(4);
        flow.writeText(field.label || field.text || '', headingStyle, { keepWithNext: 24 });
        if (field.label && field.text) flow.writeText(field.text, smallStyle);
        flow.space(3);
      } else if (takesAnswer(field)) {
        flow.writeRow(
          field.label || text.untitledField,
          labelStyle,
          answerParts(field, submission.answers[field.id], language, signatures),
        );
      }
    }
  });

  // Answers to fields removed from the form since; still part of what was sent.
  const removed = Object.entries(submission.answers).filter(([fieldId]) => !knownIds.has(fieldId));
  if (removed.length > 0) {
    flow.writeRule();
    flow.writeText(text.removedFields, sectionStyle, { keepWithNext: 30 });
    flow.space(4);
    for (const [fieldId, value] of removed) {
      flow.writeRow(fieldId, labelStyle, answerParts(undefined, value, language, signatures));
    }
  }

  if (approval) {
    const labelOfField = (fieldId: string) => fields.find((field) => field.id === fieldId)?.label || fieldId;
    flow.writeRule();
    flow.writeText(text.approvalTitle, sectionStyle, { keepWithNext: 30 });
    flow.space(4);
    const row = (label: string, value: string) =>
      flow.writeRow(label, labelStyle, [{ kind: 'text', text: value, style: valueStyle }]);
    row(text.workflow, approval.workflowName);
    row(text.status, text.statuses[approval.status]);
    row(text.startedAt, time(new Date(approval.startedAt)));
    if (approval.endedAt) row(text.endedAt, time(new Date(approval.endedAt)));
    flow.space(4);
    for (const entry of approval.timeline) {
      const { sentence, notes } = describeEntry(entry, language, labelOfField);
      flow.writeRow(time(new Date(entry.at)), { ...labelStyle, font: fonts.regular }, [
        { kind: 'text', text: sentence, style: valueStyle },
        ...notes.map((note): ValuePart => ({ kind: 'text', text: note, style: smallStyle })),
        ...(entry.comment
          ? [{ kind: 'text', text: text.quote(entry.comment), style: quoteStyle, indent: listIndent } as const]
          : []),
      ]);
    }
  }

  flow.finish({
    left: submission.reference ? `${definition.title} · ${submission.reference}` : definition.title,
    pageLabel: text.pageOf,
    replacedNote: text.replacedNote,
  });
  return pdf.save();
}
