import {
  type Answers,
  type CreateSubmissionResponse,
  type SubmissionDto,
  type SubmissionListResponse,
  type submissionListQuerySchema,
  type TeamSubmissionListResponse,
  validateAnswers,
} from '@formwerk/contracts';
import { Types } from 'mongoose';
import { trusted } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { escapeRegExp } from '../../platform/escape-reg-exp';
import { claimFileAnswers, resolveFileAnswers } from '../files/files.service';
import { queueSubmissionNotifications } from '../form-notifications/form-notifications.service';
import { availabilityOf } from '../form-settings/availability';
import { readFormSetting } from '../form-settings/form-settings.service';
import { scoreQuiz } from '../form-settings/quiz-score';
import { nextReference } from '../form-settings/reference-numbers';
import {
  deleteForm,
  findForm,
  findPublishedForm,
  type PublishedForm,
  releaseSubmissionPlace,
  takeSubmissionPlace,
} from '../forms/forms.service';
import { type Submission, SubmissionModel } from './submission.model';

type Team = { teamId: number };
type ListQuery = ReturnType<typeof submissionListQuerySchema.parse>;

/** Faster than this from serving the page to sending it back, nobody filled it in by hand. */
export const minimumFillMs = 3000;

const isDuplicateKey = (error: unknown) => (error as { code?: number } | null)?.code === 11000;

const unavailableErrors = {
  notYetOpen: () => new AppError('FORM_NOT_YET_OPEN', 403, 'This form does not take answers yet'),
  closed: () => new AppError('FORM_CLOSED', 403, 'This form no longer takes answers'),
  full: () => new AppError('FORM_FULL', 403, 'This form has all the submissions it takes'),
};

/** What the respondent learns of a stored submission (again on a retry), with its quiz result. */
function receiptOf(
  form: PublishedForm,
  submission: Pick<Submission, '_id' | 'answers' | 'reference'>,
  quiz = scoreQuiz(form, submission.answers),
) {
  return {
    submissionId: submission._id.toString(),
    reference: submission.reference,
    // The score is stored either way; the respondent learns it only where the quiz shows it.
    quiz: readFormSetting(form, 'quiz').showScore ? quiz : null,
  };
}

/**
 * Stores a respondent's answers to a published form, once per idempotency key: a double click or a
 * retry after a lost answer returns the first submission. The honeypot makes bots believe it worked.
 * The form's settings apply as saved now: its schedule and limit, its conditions, its quiz and its
 * reference numbers.
 */
export async function submitAnswers(input: {
  formId: string;
  answers: Answers;
  idempotencyKey: string;
  startedAt: number;
  website: string;
}): Promise<{ receipt: CreateSubmissionResponse; isNew: boolean }> {
  const form = await findPublishedForm(input.formId);
  if (input.website !== '') {
    return { receipt: { submissionId: new Types.ObjectId().toString(), reference: null, quiz: null }, isNew: true };
  }
  if (Date.now() - input.startedAt < minimumFillMs) {
    throw new AppError('SUBMITTED_TOO_FAST', 400, 'The form was sent back faster than a person can fill it');
  }
  // A retry after the answer was lost reaches the stored submission before anything is checked again
  // (its files are no longer pending, the form may be full by now).
  const earlier = await SubmissionModel.findOne(
    { formId: form.id, idempotencyKey: input.idempotencyKey },
    { answers: 1, reference: 1 },
  ).lean<Submission>();
  if (earlier) return { receipt: receiptOf(form, earlier), isNew: false };

  const now = new Date();
  const scheduling = readFormSetting(form, 'scheduling');
  const { state } = availabilityOf(scheduling, form.submissionCount, now);
  if (state !== 'open') throw unavailableErrors[state]();

  const checked = validateAnswers(form.definition, input.answers, readFormSetting(form, 'condition').rules);
  const { answers: values, invalidFieldIds } = await resolveFileAnswers(form, checked.values);
  const issues = [...checked.issues, ...invalidFieldIds.map((fieldId) => ({ fieldId, code: 'invalidFile' as const }))];
  if (issues.length > 0)
    throw new AppError('ANSWERS_INVALID', 400, 'Some answers break the rules of the form', { issues });

  if (!(await takeSubmissionPlace(form.id, scheduling.maxSubmissions))) throw unavailableErrors.full();
  const referenceSettings = readFormSetting(form, 'reference');
  const quiz = scoreQuiz(form, values);
  let submission: Submission;
  try {
    const created = await SubmissionModel.create({
      formId: form.id,
      teamId: form.teamId,
      formVersion: form.version,
      answers: values,
      idempotencyKey: input.idempotencyKey,
      reference: referenceSettings.isEnabled
        ? await nextReference(form.id, referenceSettings, scheduling.timeZone, now)
        : null,
      score: quiz && { points: quiz.points, maxPoints: quiz.maxPoints },
    });
    submission = created.toObject() as Submission;
  } catch (error) {
    // Not stored: its place goes back (a concurrent retry with the same key was stored instead).
    await releaseSubmissionPlace(form.id);
    if (!isDuplicateKey(error)) throw error;
    const first = await SubmissionModel.findOne(
      { formId: form.id, idempotencyKey: input.idempotencyKey },
      { answers: 1, reference: 1 },
    ).lean<Submission>();
    if (!first) throw error;
    return { receipt: receiptOf(form, first), isNew: false };
  }
  await claimFileAnswers(form, values, submission._id.toString());
  await queueSubmissionNotifications(form, submission);
  return { receipt: receiptOf(form, submission, quiz), isNew: true };
}

export function toSubmissionDto(submission: Submission): SubmissionDto {
  return {
    id: submission._id.toString(),
    formId: submission.formId.toString(),
    formVersion: submission.formVersion,
    createdAt: submission.createdAt.toISOString(),
    answers: submission.answers as SubmissionDto['answers'],
    reference: submission.reference ?? null,
    score: submission.score ? { points: submission.score.points, maxPoints: submission.score.maxPoints } : null,
  };
}

/**
 * The filter of a team's submissions: of one form (which must be the team's), per-answer text and
 * part of a reference number (case ignored, so `hr-2026-00042` and `00042` both find HR-2026-00042).
 */
export async function buildSubmissionFilter(
  team: Team,
  formId: string | undefined,
  answerFilter: Record<string, string>,
  reference?: string,
) {
  // Another team's form answers 404 (findForm checks the team).
  if (formId) await findForm(team, formId);
  // Field ids are checked by the contract (letters, digits, _ and -), the texts become literals.
  const containing = (text: string) => trusted({ $regex: escapeRegExp(text), $options: 'i' });
  const answerConditions = Object.fromEntries(
    Object.entries(answerFilter).map(([fieldId, text]) => [`answers.${fieldId}`, containing(text)]),
  );
  return {
    teamId: team.teamId,
    ...(formId ? { formId } : {}),
    ...answerConditions,
    ...(reference ? { reference: containing(reference) } : {}),
  };
}

/** The stored paths of what a list sorts by besides answers: a submission's own values. */
const ownSortPaths = new Map([
  ['createdAt', 'createdAt'],
  ['score', 'score.points'],
  ['reference', 'reference'],
]);
const sortPathOf = (sort: ListQuery['sort']) => ownSortPaths.get(sort) ?? `answers.${sort}`;

export async function listSubmissions(team: Team, query: ListQuery): Promise<SubmissionListResponse> {
  const filter = await buildSubmissionFilter(team, query.formId, query.filter, query.reference);
  const direction = query.order === 'asc' ? 1 : -1;
  const [submissions, total] = await Promise.all([
    SubmissionModel.find(filter)
      .sort({ [sortPathOf(query.sort)]: direction, _id: direction })
      .skip((query.page - 1) * query.pageSize)
      .limit(query.pageSize)
      .lean<Submission[]>(),
    SubmissionModel.countDocuments(filter),
  ]);
  return { submissions: submissions.map(toSubmissionDto), total, page: query.page, pageSize: query.pageSize };
}

/** How many submissions the team received from `start` up to (not including) `end`. */
export function countSubmissionsBetween(team: Team, start: Date, end: Date): Promise<number> {
  return SubmissionModel.countDocuments({ teamId: team.teamId, createdAt: trusted({ $gte: start, $lt: end }) });
}

/** Submissions per form of `formIds`, those since `since` only when given. */
export async function countSubmissionsPerForm(
  team: Team,
  formIds: string[],
  since?: Date,
): Promise<Map<string, number>> {
  // An aggregation pipeline is not cast by the schema, so ids and dates go in as their BSON types.
  const rows = await SubmissionModel.aggregate<{ _id: Types.ObjectId; count: number }>([
    {
      $match: {
        teamId: team.teamId,
        formId: { $in: formIds.map((id) => new Types.ObjectId(id)) },
        ...(since ? { createdAt: { $gte: since } } : {}),
      },
    },
    { $group: { _id: '$formId', count: { $sum: 1 } } },
  ]);
  return new Map(rows.map((row) => [row._id.toString(), row.count]));
}

/** How many submissions the forms have (the team's forms only). */
export function countSubmissionsOfForms(team: Team, formIds: string[]): Promise<number> {
  return SubmissionModel.countDocuments({ teamId: team.teamId, formId: trusted({ $in: formIds }) });
}

/** The submissions of several forms of the team in one list, newest first, with their forms' titles. */
export async function listSubmissionsOfForms(
  team: Team,
  formIds: string[],
  page: number,
  pageSize: number,
): Promise<TeamSubmissionListResponse> {
  const filter = { teamId: team.teamId, formId: trusted({ $in: formIds }) };
  const [submissions, total] = await Promise.all([
    SubmissionModel.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * pageSize)
      .limit(pageSize)
      .lean<Submission[]>(),
    SubmissionModel.countDocuments(filter),
  ]);
  return withFormTitles(team, { submissions: submissions.map(toSubmissionDto), total, page, pageSize });
}

/** The team's submissions of all forms, with the titles of the forms on the page. */
export async function listTeamSubmissions(team: Team, query: ListQuery): Promise<TeamSubmissionListResponse> {
  return withFormTitles(team, await listSubmissions(team, query));
}

async function withFormTitles(team: Team, list: SubmissionListResponse): Promise<TeamSubmissionListResponse> {
  const formIds = [...new Set(list.submissions.map((submission) => submission.formId))];
  // A page holds at most a few hundred rows, and those of a few forms; a deleted form is left out.
  const forms = await Promise.all(
    formIds.map((formId) =>
      findForm(team, formId).then(
        (form) => ({ id: form.id, title: form.definition.title }),
        (error: unknown) => {
          if (error instanceof AppError && error.status === 404) return null;
          throw error;
        },
      ),
    ),
  );
  return { ...list, forms: forms.filter((form) => form !== null) };
}

export async function findSubmission(team: Team, submissionId: string): Promise<SubmissionDto> {
  const submission = await SubmissionModel.findOne({ _id: submissionId, teamId: team.teamId }).lean<Submission>();
  if (!submission) throw new AppError('NOT_FOUND', 404, 'No such submission');
  return toSubmissionDto(submission);
}

/** Deletes the chosen submissions of one form; ids of other forms or teams are left alone. */
/** Deletes a form and everything respondents sent to it; nothing of it is left to count or export. */
export async function deleteFormWithSubmissions(team: Team, formId: string): Promise<void> {
  await deleteForm(team, formId);
  await SubmissionModel.deleteMany({ formId, teamId: team.teamId });
}

export async function deleteSubmissions(team: Team, formId: string, ids: string[]): Promise<number> {
  await findForm(team, formId);
  const result = await SubmissionModel.deleteMany({ _id: trusted({ $in: ids }), formId, teamId: team.teamId });
  return result.deletedCount;
}
