import {
  type Answers,
  type FormDefinition,
  type PublicSubmissionResponse,
  type SubmissionDto,
  type SubmissionListResponse,
  type submissionListQuerySchema,
  submissionPdfZipLimit,
  type TeamSubmissionListResponse,
  validateAnswers,
} from '@formwerk/contracts';
import { Types } from 'mongoose';
import { blockOf } from '../../platform/block-paging';
import { isDuplicateKey } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { forgetFormSigning } from '../documents/form-signing/form-signing.service';
import { startFormSigningOnSubmit } from '../documents/form-signing/form-signing-start';
import {
  claimFileAnswers,
  removeFilesOfForm,
  removeFilesOfSubmissions,
  resolveFileAnswers,
} from '../files/files.service';
import { queueSubmissionNotifications } from '../form-notifications/form-notifications.service';
import { availabilityOf } from '../form-settings/availability';
import { readFormSetting } from '../form-settings/form-settings.service';
import { scoreQuiz } from '../form-settings/quiz-score';
import { formatReference } from '../form-settings/reference-numbers';
import {
  type FormCounter,
  findFormCounter,
  findFormCountersOfTeam,
  forgetSubmissionDays,
  numberingOf,
  recordSubmissionRemoval,
  takeSubmissionPlace,
} from '../forms/form-counters';
import {
  deleteForm,
  type Form,
  type FormRow,
  findFormOfTeam,
  findFormRowsOfTeam,
  type PublishedForm,
} from '../forms/forms.service';
import { type FormAtRevision, forgetFormForSubmission, readFormForSubmission } from '../forms/published-form-cache';
import { forgetNotificationsAbout } from '../notifications/notifications.service';
import { decoyPersonalDataPath, grantPersonalDataAccess } from '../privacy/personal-data-links';
import { queueInstanceStart } from '../workflows/workflow-queue';
import {
  type MonthlyPlace,
  noticeMonthlyLimit,
  releaseMonthlySubmission,
  reserveMonthlySubmission,
} from './monthly-submissions';
import { forgetSealedBlocks, forgetSealedBlocksOfForm, sealWhenLastOfBlock } from './sealed-blocks';
import { servedAtOf } from './start-token';
import { type Submission, SubmissionModel } from './submission.model';
import { numberTeamSubmissions } from './submission-backfill';
import { insertSubmission } from './submission-inserts';
import { dayKeyOf, staleDays, tallyRemoval } from './submission-numbering';
import { readAllInOrder, readMergedPage, readPage } from './submission-pages';
import { createSubmissionMatcher, hasNoFilter, scanBudgetMs, scanSubmissions } from './submission-scan';
import type { TeamSubmissionCounter } from './team-submission-counter.model';
import { findTeamCounter, forgetTeamDays, recordTeamRemoval, takeTeamSeq } from './team-submission-counters';

type Team = { teamId: number };
type ListQuery = ReturnType<typeof submissionListQuerySchema.parse>;
/** How long a list may read submissions one by one (tests make it shorter). */
export type ListOptions = { scanBudgetMs?: number };

/** Faster than this from serving the page to sending it back, nobody filled it in by hand. */
export const minimumFillMs = 3000;

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
 * The receipt with a new private link to the respondent's data (module privacy), mailed to them only for
 * a new submission: a retry of a fill gets a link of its own, but no second mail.
 */
async function linkedReceiptOf(
  form: PublishedForm,
  submission: Pick<Submission, '_id' | 'answers' | 'reference'>,
  { isNew, quiz }: { isNew: boolean; quiz?: ReturnType<typeof scoreQuiz> },
): Promise<PublicSubmissionResponse> {
  const personalDataPath = await grantPersonalDataAccess(form, submission, { isMailed: isNew });
  return { ...receiptOf(form, submission, quiz), personalDataPath };
}

/** The submission stored for a fill of the page: one equality read on the unique {formId, idempotencyKey}. */
function findByIdempotencyKey(formId: string, idempotencyKey: string) {
  return SubmissionModel.findOne({ formId, idempotencyKey }, { answers: 1, reference: 1 }).lean<Submission>();
}

/**
 * The team's next number for an accepted submission, counted for its day. A team whose submissions
 * were never numbered (its first since the upgrade, or its very first) has them numbered first.
 */
async function takeTeamNumber(teamId: number, day: string): Promise<TeamSubmissionCounter> {
  const counter = await takeTeamSeq(teamId, day);
  if (counter) return counter;
  await numberTeamSubmissions(teamId);
  const numbered = await takeTeamSeq(teamId, day);
  if (!numbered) throw new Error(`Team ${teamId} has no submission counter after numbering`);
  return numbered;
}

type SubmitInput = {
  formId: string;
  answers: Answers;
  idempotencyKey: string;
  startToken: string;
  website: string;
};
type SubmitResult = { receipt: PublicSubmissionResponse; isNew: boolean };

/** The published form with the revision of its counters, its team's submissions numbered first if need be. */
async function readNumberedForm(formId: string): Promise<FormAtRevision> {
  const read = await readFormForSubmission(formId);
  if (read.revision !== null) return read;
  await numberTeamSubmissions(read.form.teamId);
  const numbered = await readFormForSubmission(formId);
  if (numbered.revision === null) throw new Error(`Form ${formId} has no counters after numbering`);
  return numbered;
}

// A form changed between reading it and taking a place is read again; more changes than this during
// one submission are no normal use.
const attemptsAtChangingForm = 3;

/**
 * Stores a respondent's answers to a published form, once per idempotency key: a double click or a
 * retry after a lost answer returns the first submission. The honeypot makes bots believe it worked.
 * The form's settings apply as saved now: its schedule and limit, its conditions, its quiz and its
 * reference numbers.
 *
 * The database round trips of one submission, besides the rate limit's window (platform/rate-limit.ts):
 * 0. the team's plan (a read by id) and its counter of the month: one conditional `$inc` takes a place
 *    of the submissions the plan allows this month, or the submission is refused with 402 (given back
 *    when the submission is then not stored; monthly-submissions.ts);
 * 1. the form's counters: one atomic update takes the place (within the limit, and only while the form
 *    is at the revision the answers were checked against), gives the form's number and the reference
 *    number, counts the day and marks a quiz's score; the team's counter (its number and day) in the same
 *    moment when the form has no limit, else right after the place is taken;
 * 2. the insert, whose unique {formId, idempotencyKey} finds a retry of a stored submission.
 * Both updates and the insert are shared by the submissions to the form that arrive together
 * (platform/coalesce.ts), so under load one submission costs little more than its rate-limit window.
 * The form itself is read only when this process has no current copy (published-form-cache.ts). A
 * refusal (closed, full, invalid answers) first looks for a submission stored by an earlier try of the
 * same fill, so a retry after a lost answer gets its receipt, and whether the form changed since its
 * copy was read, so answers are refused only by the form as it is. Only where the form asks
 * for them: a read and an update (claiming it) per uploaded file, the recipients and groups of the email
 * tab, and the insert of the queued mails with one job each. Once a day per form and per team, a write
 * drops per-day counts no longer shown; once per team, the numbering of its older submissions.
 */
export function submitAnswers(input: SubmitInput): Promise<SubmitResult> {
  const fill = `${input.formId}:${input.idempotencyKey}`;
  const running = fillsInFlight.get(fill);
  if (running) return running.then((result) => ({ ...result, isNew: false }));
  const submitted = submitOnce(input).finally(() => fillsInFlight.delete(fill));
  fillsInFlight.set(fill, submitted);
  return submitted;
}

// A try of a fill sent while an earlier try of it is still being stored waits for that one and answers
// the same: on its own it could find the last place taken and nothing stored yet, and be refused as
// full for a fill that is stored a moment later. Across api instances the unique key still stores a
// fill once; a retry racing its first try on another instance can see the form full (decision 009).
const fillsInFlight = new Map<string, Promise<SubmitResult>>();

async function submitOnce(input: SubmitInput): Promise<SubmitResult> {
  if (input.website !== '') {
    const { form } = await readFormForSubmission(input.formId);
    const personalDataPath = decoyPersonalDataPath(form.definition.language);
    return {
      receipt: { submissionId: new Types.ObjectId().toString(), reference: null, quiz: null, personalDataPath },
      isNew: true,
    };
  }
  for (let attempt = 1; ; attempt += 1) {
    const read = await readNumberedForm(input.formId);
    const stored = await submitAtRevision(input, read);
    if (stored !== 'formChanged') return stored;
    forgetFormForSubmission(input.formId);
    if (attempt === attemptsAtChangingForm) {
      throw new Error(`Form ${input.formId} changed ${attempt} times during one submission`);
    }
  }
}

/** submitAnswers against one read of the form; 'formChanged' when its revision moved on meanwhile. */
async function submitAtRevision(
  input: SubmitInput,
  { form, revision }: FormAtRevision,
): Promise<SubmitResult | 'formChanged'> {
  // A refusal stands only against the form as it is now, and not for a fill already stored.
  const refuse = async (error: AppError): Promise<SubmitResult | 'formChanged'> => {
    const [earlier, counter] = await Promise.all([
      findByIdempotencyKey(form.id, input.idempotencyKey),
      findFormCounter(form.id),
    ]);
    if (earlier) return { receipt: await linkedReceiptOf(form, earlier, { isNew: false }), isNew: false };
    // Changed or deleted since it was read: read again (a deleted form answers FORM_UNAVAILABLE then).
    if (counter?.revision !== revision) return 'formChanged';
    throw error;
  };
  const servedAt = servedAtOf(form.id, input.startToken);
  if (servedAt === null) {
    throw new AppError('START_TOKEN_INVALID', 400, 'The start token was not given out with this form');
  }
  if (Date.now() - servedAt < minimumFillMs) {
    throw new AppError('SUBMITTED_TOO_FAST', 400, 'The form was sent back faster than a person can fill it');
  }
  const now = new Date();
  const scheduling = readFormSetting(form, 'scheduling');
  // Whether it is full is the place's to say (its count is exact only there).
  const { state } = availabilityOf(scheduling, 0, now);
  if (state !== 'open') return refuse(unavailableErrors[state]());

  const checked = validateAnswers(form.definition, input.answers, readFormSetting(form, 'condition').rules);
  const { answers: values, invalidFieldIds } = await resolveFileAnswers(form, checked.values);
  const issues = [...checked.issues, ...invalidFieldIds.map((fieldId) => ({ fieldId, code: 'invalidFile' as const }))];
  if (issues.length > 0) {
    return refuse(new AppError('ANSWERS_INVALID', 400, 'Some answers break the rules of the form', { issues }));
  }
  const quiz = scoreQuiz(form, values);

  // Counted against the plan's month before anything else is taken, and given back below unless stored.
  let monthlyPlace: MonthlyPlace;
  try {
    monthlyPlace = await reserveMonthlySubmission(form.teamId, now);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'PLAN_LIMIT_REACHED') throw error;
    // The owners' notice, not the respondent's answer: a notice that fails is tried by the next refusal.
    await noticeMonthlyLimit(form.teamId, now, form.definition.title).catch(() => undefined);
    return refuse(error);
  }
  let isStored = false;
  const markStored = () => {
    isStored = true;
  };
  try {
    return await storeAtRevision(input, { form, revision }, { now, values, quiz, scheduling, refuse, markStored });
  } finally {
    if (!isStored) await releaseMonthlySubmission(monthlyPlace);
  }
}

type Checked = {
  now: Date;
  values: Answers;
  quiz: ReturnType<typeof scoreQuiz>;
  scheduling: ReturnType<typeof readFormSetting<'scheduling'>>;
  refuse: (error: AppError) => Promise<SubmitResult | 'formChanged'>;
  /** The submission is in the database: its place of the month stays taken, whatever fails after. */
  markStored: () => void;
};

/** submitAtRevision once the answers are checked and counted for the month: takes the places and stores. */
async function storeAtRevision(
  input: SubmitInput,
  { form, revision }: FormAtRevision,
  { now, values, quiz, scheduling, refuse, markStored }: Checked,
): Promise<SubmitResult | 'formChanged'> {
  const day = dayKeyOf(now);
  const referenceSettings = readFormSetting(form, 'reference');
  const takePlace = () =>
    takeSubmissionPlace(form.id, {
      revision,
      limit: scheduling.maxSubmissions,
      day,
      isReferenced: referenceSettings.isEnabled,
      isScored: quiz !== null,
    });
  // Without a limit the place is certain (unless the form changed), so the team's number is taken at
  // the same time.
  const [place, team] =
    scheduling.maxSubmissions === null
      ? await Promise.all([takePlace(), takeTeamNumber(form.teamId, day)])
      : await takePlace().then(async (taken) => [taken, taken && (await takeTeamNumber(form.teamId, day))] as const);
  if (!place || !team) {
    // A team number taken alongside counts as never stored.
    if (team) await recordTeamRemoval(form.teamId, tallyRemoval([{ block: blockOf(team.seq), createdAt: now }], now));
    return refuse(unavailableErrors.full());
  }
  await Promise.all([
    forgetSubmissionDays(form.id, staleDays(place.days, now)),
    forgetTeamDays(form.teamId, staleDays(team.days, now)),
  ]);

  let submission: Submission;
  try {
    submission = await insertSubmission({
      formId: new Types.ObjectId(form.id),
      teamId: form.teamId,
      formVersion: form.version,
      answers: values,
      idempotencyKey: input.idempotencyKey,
      reference:
        place.referenceNumber === null
          ? null
          : formatReference(place.referenceNumber, referenceSettings, scheduling.timeZone, now),
      score: quiz && { points: quiz.points, maxPoints: quiz.maxPoints },
      seq: place.seq,
      block: blockOf(place.seq),
      teamSeq: team.seq,
      teamBlock: blockOf(team.seq),
      // The day it was counted for.
      createdAt: now,
    });
  } catch (error) {
    // Not stored: its numbers count as gone (a try of the same fill was stored before, or concurrently).
    await Promise.all([
      recordSubmissionRemoval(form.id, tallyRemoval([{ block: blockOf(place.seq), createdAt: now }], now)),
      recordTeamRemoval(form.teamId, tallyRemoval([{ block: blockOf(team.seq), createdAt: now }], now)),
    ]);
    if (!isDuplicateKey(error)) throw error;
    const first = await findByIdempotencyKey(form.id, input.idempotencyKey);
    if (!first) throw error;
    return { receipt: await linkedReceiptOf(form, first, { isNew: false }), isNew: false };
  }
  markStored();
  await claimFileAnswers(form, values, submission._id.toString());
  await queueSubmissionNotifications(form, submission);
  // Through the job queue: the respondent does not wait for the workflow, and a restart loses nothing.
  if (form.workflowId) {
    await queueInstanceStart({ submissionId: submission._id.toString(), workflowId: form.workflowId });
  }
  // A form without workflow sends its document to sign now: the respondent may sign from the thank-you.
  const signingPath = await startFormSigningOnSubmit(form, submission);
  // Unsealed, the block is sealed by its first read instead.
  await sealWhenLastOfBlock(form.id, place.seq).catch(() => undefined);
  const receipt = await linkedReceiptOf(form, submission, { isNew: true, quiz });
  return { receipt: { ...receipt, signingPath }, isNew: true };
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

/** The team's form with its counters; a form from before the counters has its team's submissions numbered first. */
async function findNumberedForm(team: Team, formId: string): Promise<{ form: Form; counter: FormCounter }> {
  const [form, counter] = await Promise.all([findFormOfTeam(team, formId), findFormCounter(formId)]);
  if (counter) return { form, counter };
  await numberTeamSubmissions(team.teamId);
  const numbered = await findFormCounter(formId);
  if (!numbered) throw new Error(`Form ${formId} has no counters after numbering`);
  return { form, counter: numbered };
}

/** The team's counter of its submissions, numbering them first when the team has none yet. */
async function findNumberedTeamCounter(team: Team): Promise<TeamSubmissionCounter> {
  const counter = await findTeamCounter(team.teamId);
  if (counter) return counter;
  await numberTeamSubmissions(team.teamId);
  return (await findTeamCounter(team.teamId)) ?? { _id: team.teamId, seq: 0, count: 0, deletedPerBlock: {}, days: {} };
}

/** Sorted by time of receipt without filters, a list is a page of numbered blocks; anything else is read one by one. */
const isPlainList = (query: ListQuery) => query.sort === 'createdAt' && hasNoFilter(query.filter, query.reference);

/** The submissions of one form of the team (`query.formId`), paged, sorted and filtered. */
export async function listSubmissions(
  team: Team,
  query: ListQuery & { formId: string },
  options: ListOptions = {},
): Promise<SubmissionListResponse> {
  const { page, pageSize } = query;
  const numbering = numberingOf((await findNumberedForm(team, query.formId)).counter);
  if (isPlainList(query)) {
    const submissions = await readPage(
      { kind: 'form', formId: query.formId, numbering },
      { page, pageSize, order: query.order },
    );
    return { submissions: submissions.map(toSubmissionDto), total: numbering.count, page, pageSize };
  }
  const found = await scanSubmissions({
    filter: { teamId: team.teamId, formId: query.formId },
    matches: createSubmissionMatcher(query.filter, query.reference),
    sort: query.sort,
    order: query.order,
    page,
    pageSize,
    toScan: numbering.count,
    budgetMs: options.scanBudgetMs ?? scanBudgetMs,
  });
  return { submissions: found.submissions.map(toSubmissionDto), total: found.total, page, pageSize, scan: found.scan };
}

/** The team's submissions of all forms (or of `query.formId`), with the titles of the forms on the page. */
export async function listTeamSubmissions(
  team: Team,
  query: ListQuery,
  options: ListOptions = {},
): Promise<TeamSubmissionListResponse> {
  const { formId, page, pageSize } = query;
  if (formId) return withFormTitles(team, await listSubmissions(team, { ...query, formId }, options));
  const counter = await findNumberedTeamCounter(team);
  if (isPlainList(query)) {
    const submissions = await readPage(
      { kind: 'team', teamId: team.teamId, numbering: counter },
      { page, pageSize, order: query.order },
    );
    return withFormTitles(team, {
      submissions: submissions.map(toSubmissionDto),
      total: counter.count,
      page,
      pageSize,
    });
  }
  const found = await scanSubmissions({
    filter: { teamId: team.teamId },
    matches: createSubmissionMatcher(query.filter, query.reference),
    sort: query.sort,
    order: query.order,
    page,
    pageSize,
    toScan: counter.count,
    budgetMs: options.scanBudgetMs ?? scanBudgetMs,
  });
  return withFormTitles(team, {
    submissions: found.submissions.map(toSubmissionDto),
    total: found.total,
    page,
    pageSize,
    scan: found.scan,
  });
}

/** The team's forms of `formIds` that exist, in that order, with their counters; another team's are left out. */
async function findNumberedForms(team: Team, formIds: string[]): Promise<{ form: Form; counter: FormCounter }[]> {
  const read = () =>
    Promise.all([
      Promise.all(
        formIds.map((formId) =>
          findFormOfTeam(team, formId).catch((error: unknown) => {
            if (error instanceof AppError && error.status === 404) return null;
            throw error;
          }),
        ),
      ),
      findFormCountersOfTeam(team.teamId),
    ]);
  let [forms, counters] = await read();
  if (forms.some((form) => form && !counters.has(form._id.toString()))) {
    await numberTeamSubmissions(team.teamId);
    [forms, counters] = await read();
  }
  return forms.flatMap((form) => {
    const counter = form && counters.get(form._id.toString());
    return form && counter ? [{ form, counter }] : [];
  });
}

/** The forms of `formIds` that still exist, each with its number of submissions (from its counter). */
export async function findFormsWithSubmissionCounts(team: Team, formIds: string[]) {
  return (await findNumberedForms(team, formIds)).map(({ form, counter }) => ({
    id: form._id.toString(),
    title: form.definition.title,
    status: form.status,
    submissionCount: counter.count,
  }));
}

/** The submissions of several forms of the team in one list, newest first, with their forms' titles. */
export async function listSubmissionsOfForms(
  team: Team,
  formIds: string[],
  page: number,
  pageSize: number,
): Promise<TeamSubmissionListResponse> {
  const forms = (await findNumberedForms(team, formIds)).map(({ form, counter }) => ({
    formId: form._id.toString(),
    numbering: numberingOf(counter),
  }));
  const [only] = forms;
  const submissions =
    forms.length === 1 && only
      ? await readPage({ kind: 'form', ...only }, { page, pageSize, order: 'desc' })
      : await readMergedPage(forms, { page, pageSize });
  const total = forms.reduce((sum, form) => sum + form.numbering.count, 0);
  return withFormTitles(team, { submissions: submissions.map(toSubmissionDto), total, page, pageSize });
}

/**
 * What the dashboard counts from: the team's forms, their counters and the team's per-day counts,
 * numbering the team's submissions first when they were not yet. Three equality reads on `teamId`.
 */
export async function findTeamSubmissionOverview(
  team: Team,
): Promise<{ forms: FormRow[]; counters: Map<string, FormCounter>; days: Record<string, number> }> {
  const read = () =>
    Promise.all([findFormRowsOfTeam(team.teamId), findFormCountersOfTeam(team.teamId), findTeamCounter(team.teamId)]);
  let [forms, counters, teamCounter] = await read();
  if (!teamCounter || forms.some((form) => !counters.has(form._id.toString()))) {
    await numberTeamSubmissions(team.teamId);
    [forms, counters, teamCounter] = await read();
  }
  const days = teamCounter?.days ?? {};
  await forgetTeamDays(team.teamId, staleDays(days, new Date()));
  return { forms, counters, days };
}

async function withFormTitles(team: Team, list: SubmissionListResponse): Promise<TeamSubmissionListResponse> {
  const formIds = [...new Set(list.submissions.map((submission) => submission.formId))];
  // A page holds at most a few hundred rows, and those of a few forms; a deleted form is left out.
  const forms = await Promise.all(
    formIds.map((formId) =>
      findFormOfTeam(team, formId).then(
        (form) => ({ id: form._id.toString(), title: form.definition.title }),
        (error: unknown) => {
          if (error instanceof AppError && error.status === 404) return null;
          throw error;
        },
      ),
    ),
  );
  return { ...list, forms: forms.filter((form) => form !== null) };
}

/** A stored submission by its id alone, for work outside a request (the start of its workflow). */
export function findSubmissionById(submissionId: string): Promise<Submission | null> {
  return SubmissionModel.findById(submissionId).lean<Submission>();
}

/** Whether the team's submission exists: the team sees it (and its workflow). */
export async function isSubmissionOfTeam(team: Team, submissionId: string): Promise<boolean> {
  return (await SubmissionModel.exists({ _id: submissionId, teamId: team.teamId })) !== null;
}

export async function findSubmission(team: Team, submissionId: string): Promise<SubmissionDto> {
  const submission = await SubmissionModel.findOne({ _id: submissionId, teamId: team.teamId }).lean<Submission>();
  if (!submission) throw new AppError('NOT_FOUND', 404, 'No such submission');
  return toSubmissionDto(submission);
}

/**
 * What the export of a form writes: its current definition, which of a submission's own values some row
 * carries (from the form's counters, not a query), and its submissions oldest first, read block by block
 * and matched against the table's filters here.
 */
export async function findSubmissionsForExport(
  team: Team,
  formId: string,
  answerFilter: Record<string, string>,
  reference?: string,
): Promise<{
  definition: FormDefinition;
  extras: { hasReference: boolean; hasScore: boolean };
  submissions: AsyncIterable<Submission[]>;
}> {
  const { form, counter } = await findNumberedForm(team, formId);
  const numbering = numberingOf(counter);
  const matches = hasNoFilter(answerFilter, reference) ? null : createSubmissionMatcher(answerFilter, reference);
  async function* submissions() {
    for await (const block of readAllInOrder({ kind: 'form', formId, numbering }, 'asc')) {
      yield matches ? block.filter(matches) : block;
    }
  }
  return {
    definition: form.definition,
    extras: { hasReference: counter.referenceSeq > 0, hasScore: counter.hasScores },
    submissions: submissions(),
  };
}

/** A submission of the team's form by its id (one equality read); null for another form's or team's. */
export function readSubmissionOfForm(team: Team, formId: string, submissionId: string): Promise<Submission | null> {
  return SubmissionModel.findOne({ _id: submissionId, formId, teamId: team.teamId }).lean<Submission>();
}

/** The team's form with one of its submissions; another form's or team's submission is not found. */
export async function findSubmissionOfForm(
  team: Team,
  formId: string,
  submissionId: string,
): Promise<{ form: Form; submission: Submission }> {
  const [form, submission] = await Promise.all([
    findFormOfTeam(team, formId),
    readSubmissionOfForm(team, formId, submissionId),
  ]);
  if (!submission) throw new AppError('NOT_FOUND', 404, 'No such submission');
  return { form, submission };
}

/** Which submissions a zip of PDFs holds: the ticked rows, or those the table's filters keep. */
export type PdfSelection = { ids?: string[] | undefined; answerFilter: Record<string, string>; reference?: string };

// Ticked rows are read a few at a time, each by its id.
const readsAtOnce = 16;

const tooManyForZip = () =>
  new AppError('EXPORT_TOO_LARGE', 409, `At most ${submissionPdfZipLimit} submissions go into one zip`, {
    limit: submissionPdfZipLimit,
  });

/**
 * The ids of the submissions of a zip of PDFs, oldest first, at most `submissionPdfZipLimit` (more
 * answer EXPORT_TOO_LARGE before anything is sent). Ticked rows are read by their ids (each an equality
 * read; ids of other forms and teams are left out, and none left is not found); else the form's blocks
 * are read in order and matched against the table's filters as for the CSV export, stopping as soon
 * as there are too many. Only the ids are kept: each PDF reads its submission again when its turn comes.
 */
export async function findSubmissionIdsForPdfs(team: Team, formId: string, selection: PdfSelection): Promise<string[]> {
  const { counter } = await findNumberedForm(team, formId);
  if (selection.ids) {
    const found: Submission[] = [];
    for (let start = 0; start < selection.ids.length; start += readsAtOnce) {
      const group = selection.ids.slice(start, start + readsAtOnce);
      const read = await Promise.all(group.map((id) => readSubmissionOfForm(team, formId, id)));
      found.push(...read.filter((submission) => submission !== null));
    }
    if (found.length === 0) throw new AppError('NOT_FOUND', 404, 'None of these submissions is of this form');
    const unique = new Map(found.map((submission) => [submission._id.toString(), submission]));
    return [...unique.values()]
      .sort((left, right) => (left.seq ?? 0) - (right.seq ?? 0))
      .map((submission) => submission._id.toString());
  }
  const numbering = numberingOf(counter);
  const isUnfiltered = hasNoFilter(selection.answerFilter, selection.reference);
  if (isUnfiltered && numbering.count > submissionPdfZipLimit) throw tooManyForZip();
  const matches = isUnfiltered ? () => true : createSubmissionMatcher(selection.answerFilter, selection.reference);
  const ids: string[] = [];
  for await (const block of readAllInOrder({ kind: 'form', formId, numbering }, 'asc')) {
    ids.push(...block.filter(matches).map((submission) => submission._id.toString()));
    if (ids.length > submissionPdfZipLimit) throw tooManyForZip();
  }
  return ids;
}

/**
 * Deletes a form and everything respondents sent to it, and the notices about it; nothing of it is
 * left to count, export or download. The team's counters lose what was read just before the delete (a submission stored in
 * between would be deleted uncounted; the form is gone by then, so only one already past its place can
 * be). Files go first, so a delete that fails halfway can be repeated, and once more at the end, for a
 * file uploaded while the form was going.
 */
export async function deleteFormWithSubmissions(team: Team, formId: string): Promise<void> {
  await findNumberedForm(team, formId);
  await removeFilesOfForm(formId);
  await deleteForm(team, formId);
  await forgetFormSigning(formId);
  const doomed = await SubmissionModel.find({ formId, teamId: team.teamId }, { teamBlock: 1, createdAt: 1 }).lean<
    Pick<Submission, 'teamBlock' | 'createdAt'>[]
  >();
  await SubmissionModel.deleteMany({ formId, teamId: team.teamId });
  await forgetSealedBlocksOfForm(formId);
  await removeFilesOfForm(formId);
  await forgetNotificationsAbout({ formId });
  await recordTeamRemoval(
    team.teamId,
    tallyRemoval(
      doomed.map((row) => ({ block: row.teamBlock, createdAt: row.createdAt })),
      new Date(),
    ),
  );
}

// Deletes run a few at a time: each is its own equality on the id.
const deletesAtOnce = 16;

/**
 * Deletes the chosen submissions of one form with their files and the notices about them; ids of other
 * forms or teams are left alone. Each is deleted by its id and returns what it removed, so the form's and team's counters lose
 * exactly the submissions that went, even when two people delete the same rows at once. Files go
 * first, so a delete that fails halfway leaves submissions to delete again, never files nobody lists.
 */
export async function deleteSubmissions(team: Team, formId: string, ids: string[]): Promise<number> {
  await findNumberedForm(team, formId);
  const removed: Submission[] = [];
  for (let start = 0; start < ids.length; start += deletesAtOnce) {
    const group = ids.slice(start, start + deletesAtOnce);
    await removeFilesOfSubmissions(formId, group);
    const deleted = await Promise.all(
      group.map((id) => SubmissionModel.findOneAndDelete({ _id: id, formId, teamId: team.teamId }).lean<Submission>()),
    );
    removed.push(...deleted.filter((submission) => submission !== null));
  }
  const now = new Date();
  await Promise.all([
    recordSubmissionRemoval(
      formId,
      tallyRemoval(
        removed.map((row) => ({ block: row.block, createdAt: row.createdAt })),
        now,
      ),
    ).then(() =>
      forgetSealedBlocks(
        formId,
        removed.flatMap((row) => (row.block == null ? [] : [row.block])),
      ),
    ),
    recordTeamRemoval(
      team.teamId,
      tallyRemoval(
        removed.map((row) => ({ block: row.teamBlock, createdAt: row.createdAt })),
        now,
      ),
    ),
    ...removed.map((row) => forgetNotificationsAbout({ submissionId: row._id.toString() })),
  ]);
  return removed.length;
}
