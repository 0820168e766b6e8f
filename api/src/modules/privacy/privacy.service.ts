import type { Readable } from 'node:stream';
import type {
  Answers,
  FileAnswer,
  FormDefinition,
  PersonalAnswer,
  PersonalDataErasureResponse,
  PersonalDataExport,
  PersonalDataResponse,
  PersonalFile,
  SubmissionErasuresResponse,
} from '@formwerk/contracts';
import { answerAsText } from '@formwerk/contracts/form-placeholders';
import { AppError } from '../../platform/errors';
import { hashToken } from '../../platform/tokens';
import { openTeamFile } from '../files/files.service';
import {
  findDeliveriesOfSubmission,
  forgetDeliveriesOfSubmission,
} from '../form-notifications/form-notifications.service';
import { type Form, findFormById, findFormOfTeam } from '../forms/forms.service';
import type { Submission } from '../submissions/submission.model';
import { deleteSubmissions, findSubmissionById } from '../submissions/submissions.service';
import { findWorkflowOfSubmission, forgetWorkflowOfSubmission } from '../workflows/submission-workflow-data';
import { type PersonalDataAccess, PersonalDataAccessModel } from './personal-data-access.model';
import { SubmissionErasureModel, type SubmissionErasureRecord } from './submission-erasure.model';

type Team = { teamId: number };
type Opened = { access: PersonalDataAccess; submission: Submission; form: Form; definition: FormDefinition };

const linkUnknown = () => new AppError('LINK_INVALID', 404, 'This link leads to no data');

/**
 * The submission of a link, by equality on the hash of its token (the primary key). An erased
 * submission's link answers 410 with when; an unknown one, or one whose submission the owner deleted,
 * 404 alike.
 */
async function openAccess(token: string): Promise<Opened> {
  const tokenHash = hashToken(token);
  const access = await PersonalDataAccessModel.findById(tokenHash).lean<PersonalDataAccess>();
  if (!access) {
    const erasure = await SubmissionErasureModel.findOne({ tokenHashes: tokenHash }, { erasedAt: 1 }).lean<
      Pick<SubmissionErasureRecord, 'erasedAt'>
    >();
    if (erasure) {
      throw new AppError('LINK_INVALID', 410, 'The data of this link was erased', {
        erasedAt: erasure.erasedAt.toISOString(),
      });
    }
    throw linkUnknown();
  }
  const [submission, form] = await Promise.all([
    findSubmissionById(access.submissionId.toString()),
    findFormById(access.formId.toString()),
  ]);
  if (!submission || !form) throw linkUnknown();
  return { access, submission, form, definition: form.publishedDefinition ?? form.definition };
}

const isFileAnswer = (value: unknown): value is FileAnswer =>
  typeof value === 'object' && value !== null && typeof (value as Partial<FileAnswer>).fileId === 'string';

/** Every answer as text, in the form's order; answers to fields removed since follow under their ids. */
function readableAnswersOf(definition: FormDefinition, answers: Answers): PersonalAnswer[] {
  const fields = definition.pages.flatMap((page) => page.fields);
  const known = new Set(fields.map((field) => field.id));
  const listed = fields.flatMap((field) => {
    const value = answers[field.id];
    if (value === undefined) return [];
    return [
      { fieldId: field.id, label: field.label || field.id, text: answerAsText(field, value, definition.language) },
    ];
  });
  const removed = Object.entries(answers)
    .filter(([fieldId]) => !known.has(fieldId))
    .map(([fieldId, value]) => ({
      fieldId,
      label: fieldId,
      text: Array.isArray(value)
        ? value.map((item) => (isFileAnswer(item) ? item.name : String(item))).join(', ')
        : String(value),
    }));
  return [...listed, ...removed];
}

/** The files sent with the answers, whatever field they came with. */
function filesOf(answers: Answers): PersonalFile[] {
  return Object.entries(answers).flatMap(([fieldId, value]) =>
    Array.isArray(value)
      ? value
          .filter(isFileAnswer)
          .map((file) => ({ fileId: file.fileId, fieldId, name: file.name, type: file.type, size: file.size }))
      : [],
  );
}

export async function findPersonalData(token: string): Promise<PersonalDataResponse> {
  const { submission, definition } = await openAccess(token);
  const workflow = await findWorkflowOfSubmission(submission._id.toString());
  return {
    formTitle: definition.title,
    language: definition.language,
    submittedAt: submission.createdAt.toISOString(),
    reference: submission.reference ?? null,
    answers: readableAnswersOf(definition, submission.answers),
    files: filesOf(submission.answers),
    workflow: workflow && { name: workflow.name, status: workflow.status },
  };
}

/**
 * One file the respondent sent with the submission of the link. Only files its answers name: the id of
 * any other file, of this team or another, is not found.
 */
export async function openPersonalFile(
  token: string,
  fileId: string,
): Promise<{ file: PersonalFile; stream: Readable }> {
  const { submission } = await openAccess(token);
  const file = filesOf(submission.answers).find((candidate) => candidate.fileId === fileId);
  if (!file) throw new AppError('NOT_FOUND', 404, 'No such file');
  const opened = await openTeamFile({ teamId: submission.teamId }, fileId);
  return { file, stream: opened.stream };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Everything stored of the submission of the link, in one JSON document (Art. 15 and 20): the answers
 * raw and readable, each file with its content, the approval with its history and the mails and
 * subscriptions it set off. Files are read one at a time: a submission carries a few, each within its
 * field's limit.
 */
export async function exportPersonalData(token: string): Promise<PersonalDataExport> {
  const { submission, form, definition } = await openAccess(token);
  const submissionId = submission._id.toString();
  const [workflow, deliveries] = await Promise.all([
    findWorkflowOfSubmission(submissionId),
    findDeliveriesOfSubmission(submissionId),
  ]);
  const files: PersonalDataExport['files'] = [];
  for (const file of filesOf(submission.answers)) {
    const { stream } = await openTeamFile({ teamId: submission.teamId }, file.fileId);
    files.push({ ...file, contentBase64: (await readAll(stream)).toString('base64') });
  }
  return {
    exportedAt: new Date().toISOString(),
    form: { id: form._id.toString(), title: definition.title },
    submission: {
      id: submissionId,
      number: submission.seq ?? null,
      reference: submission.reference ?? null,
      submittedAt: submission.createdAt.toISOString(),
      formVersion: submission.formVersion,
      score: submission.score ?? null,
      answers: submission.answers,
      readableAnswers: readableAnswersOf(definition, submission.answers),
    },
    files,
    workflow: workflow && {
      name: workflow.name,
      status: workflow.status,
      startedAt: workflow.startedAt.toISOString(),
      endedAt: workflow.endedAt,
      answers: workflow.answers,
      timeline: workflow.timeline,
    },
    deliveries: deliveries.map((delivery) => ({ ...delivery, createdAt: delivery.createdAt.toISOString() })),
  };
}

/**
 * Erases the submission of the link on its respondent's request (Art. 17): its approval and inbox
 * entries, the mails and subscriptions it set off (sent or queued), then the submission itself with
 * its files and its place in the form's and team's counters (submissions.service deleteSubmissions),
 * and last every link to it. What stays is the owner's record: submission #N was erased, and when, with
 * the hashes of the links so they answer "erased". The record is written first and only once (keyed
 * by the submission), so an erasure that failed halfway is finished by trying again with the same link.
 */
export async function erasePersonalData(token: string): Promise<PersonalDataErasureResponse> {
  const { submission } = await openAccess(token);
  const submissionId = submission._id.toString();
  const formId = submission.formId.toString();
  const links = await PersonalDataAccessModel.find({ submissionId }, { _id: 1 }).lean<{ _id: string }[]>();
  const record = await SubmissionErasureModel.findOneAndUpdate(
    { _id: submission._id },
    {
      $setOnInsert: {
        teamId: submission.teamId,
        formId,
        submissionNumber: submission.seq ?? null,
        erasedAt: new Date(),
        tokenHashes: links.map((link) => link._id),
      },
    },
    { upsert: true, new: true },
  ).lean<SubmissionErasureRecord>();
  await forgetWorkflowOfSubmission(submissionId);
  await forgetDeliveriesOfSubmission(submissionId);
  await deleteSubmissions({ teamId: submission.teamId }, formId, [submissionId]);
  await PersonalDataAccessModel.deleteMany({ submissionId });
  return { erasedAt: (record?.erasedAt ?? new Date()).toISOString() };
}

/** The erasures of a form of the team, newest first: numbers and dates, nothing of the data. */
export async function listErasuresOfForm(team: Team, formId: string): Promise<SubmissionErasuresResponse> {
  await findFormOfTeam(team, formId);
  const records = await SubmissionErasureModel.find({ formId }, { submissionNumber: 1, erasedAt: 1 }).lean<
    Pick<SubmissionErasureRecord, 'submissionNumber' | 'erasedAt'>[]
  >();
  return {
    erasures: records
      .sort((left, right) => right.erasedAt.getTime() - left.erasedAt.getTime())
      .map((record) => ({
        submissionNumber: record.submissionNumber ?? null,
        erasedAt: record.erasedAt.toISOString(),
      })),
  };
}
