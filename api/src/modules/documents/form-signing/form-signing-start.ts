import {
  type Answers,
  type AnswerValue,
  answerAsText,
  canPrefillFrom,
  emailSchema,
  type FormDefinition,
  type FormField,
  type Locale,
  type SubmissionSigning,
  signingRecipientNameMaxLength,
  type TemplateField,
} from '@formwerk/contracts';
import { Types } from 'mongoose';
import { isDuplicateKey } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { findFormById } from '../../forms/forms.service';
import type { Submission } from '../../submissions/submission.model';
import { findUserById } from '../../users/users.service';
import { signingTokenOf } from '../signing/signing-links';
import type { PrefilledValue, StoredSigningRequest } from '../signing/signing-request.model';
import { sendSigningRequest } from '../signing/signing-requests.service';
import { findSigningRequestById } from '../signing/signing-transitions';
import { FormSigningStartModel, type StoredFormSigning, type StoredFormSigningStart } from './form-signing.model';
import { findFormSigning } from './form-signing.service';
import { queueFormSigningStart } from './form-signing-queue';

// Sending a submission's document to sign (issue 16): the form's template, its fields filled from the
// answers, the respondent in their role and the fixed people in theirs. Once per submission, however
// often it is tried: right after submitting (a form without workflow) or once the workflow approved.

/** What of a submission its document is made of. */
export type SubmissionToSign = Pick<Submission, '_id' | 'formId' | 'teamId' | 'answers'>;

const dayMs = 24 * 60 * 60_000;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** An answer as the template field takes it: a date as YYYY-MM-DD, a box ticked or not, anything else as text. */
function prefilledValueOf(
  kind: TemplateField['kind'],
  formField: FormField,
  answer: AnswerValue | undefined,
  locale: Locale,
): PrefilledValue | undefined {
  if (kind === 'checkbox') return answer === true;
  if (kind === 'date') return typeof answer === 'string' && isoDate.test(answer) ? answer : undefined;
  // An answer left empty leaves the field to its recipient.
  const text = answerAsText(formField, answer, locale).trim();
  return text === '' ? undefined : text;
}

/** The values of the template's fields (as the request copies them) that the settings fill from the answers. */
export function prefilledFrom(
  fields: readonly TemplateField[],
  prefill: Record<string, string>,
  definition: FormDefinition,
  answers: Answers,
): Record<string, PrefilledValue> {
  const formFields = new Map(definition.pages.flatMap((page) => page.fields).map((field) => [field.id, field]));
  const sourceOf = new Map(Object.entries(prefill));
  const values: Record<string, PrefilledValue> = {};
  for (const field of fields) {
    const formField = formFields.get(sourceOf.get(field.prefillKey ?? '') ?? '');
    // A form changed since the settings were saved may no longer fit: that field is left to its recipient.
    if (!formField || !canPrefillFrom(field.kind, formField.type)) continue;
    const value = prefilledValueOf(field.kind, formField, answers[formField.id], definition.language);
    if (value !== undefined) values[field.id] = value;
  }
  return values;
}

/** The respondent as the answers name them, or null without a valid address (their name falls back to it). */
function respondentOf(settings: StoredFormSigning, definition: FormDefinition, answers: Answers) {
  const email = emailSchema.safeParse(answers[settings.emailFieldId]);
  if (!email.success) return null;
  const nameField = definition.pages.flatMap((page) => page.fields).find(({ id }) => id === settings.nameFieldId);
  const name = nameField ? answerAsText(nameField, answers[nameField.id], definition.language).trim() : '';
  return {
    roleId: settings.respondentRoleId,
    name: (name || email.data).slice(0, signingRecipientNameMaxLength),
    email: email.data,
  };
}

/**
 * The respondent's own signing page, while it has something for them (not before their stage opens):
 * with the request's locale prefix, as their mails link it.
 */
function signingPathOf(request: StoredSigningRequest, respondentId: string): string | null {
  const respondent = request.recipients.find((recipient) => recipient.id === respondentId);
  if (!respondent || respondent.status === 'waiting' || respondent.status === 'delegated') return null;
  const token = signingTokenOf(request._id.toString(), respondent.id);
  return `${request.language === 'en' ? '/en' : ''}/form/signed?token=${encodeURIComponent(token)}`;
}

async function fail(start: StoredFormSigningStart, failure: string): Promise<null> {
  await FormSigningStartModel.updateOne(
    { _id: start._id, status: 'starting' },
    { $set: { status: 'failed', failure } },
  );
  return null;
}

async function markStarted(start: StoredFormSigningStart, request: StoredSigningRequest): Promise<string | null> {
  const respondent = request.recipients.find((recipient) => recipient.roleId === start.respondentRoleId);
  if (!respondent) throw new Error(`Signing request ${request._id.toString()} has no respondent`);
  // Whatever a racing try recorded meanwhile (its own failure), the request stands: the start is `started`.
  await FormSigningStartModel.updateOne(
    { _id: start._id },
    { $set: { status: 'started', respondentId: respondent.id, failure: null } },
  );
  return signingPathOf(request, respondent.id);
}

/**
 * Sends the request of a claimed start, under the id chosen with the claim: of two tries at once one
 * stores it, the other finds it. What can never be sent as the settings stand (a template deleted or no
 * longer fitting, the team's storage full, the sender gone) marks the start `failed`, with the code.
 */
async function send(
  start: StoredFormSigningStart,
  settings: StoredFormSigning,
  definition: FormDefinition,
  submission: SubmissionToSign,
): Promise<string | null> {
  const respondent = respondentOf(settings, definition, submission.answers);
  const sender = await findUserById(settings.updatedBy.toString());
  if (!respondent || !sender) return fail(start, respondent ? 'SENDER_GONE' : 'EMAIL_MISSING');
  let request: StoredSigningRequest;
  try {
    request = await sendSigningRequest(
      { teamId: start.teamId, sender },
      {
        source: { kind: 'template', templateId: settings.templateId },
        recipients: [respondent, ...settings.recipients.filter(({ roleId }) => roleId !== respondent.roleId)],
        message: settings.message ?? undefined,
        language: definition.language,
        expiresAt: new Date(Date.now() + settings.expiryDays * dayMs).toISOString(),
        reminderEveryDays: settings.reminderEveryDays,
        allowDelegation: false,
      },
      {
        _id: start.requestId,
        prefill: (fields) => prefilledFrom(fields, settings.prefill, definition, submission.answers),
        origin: { kind: 'submission', formId: start.formId, submissionId: start._id },
      },
    );
  } catch (error) {
    if (error instanceof AppError) return fail(start, error.code);
    if (!isDuplicateKey(error)) throw error;
    const first = await findSigningRequestById(start.requestId);
    if (!first) throw error;
    request = first;
  }
  return markStarted(start, request);
}

/**
 * Sends the submission's document to sign, if its form sends one: once per submission, whoever tries
 * (the submit, the workflow's job, a retry of either). Answers the respondent's signing page when it is
 * their turn now, else null (nothing to send, no address given, or their stage comes later: they are
 * mailed when it opens).
 */
export async function startFormSigningFor(submission: SubmissionToSign): Promise<string | null> {
  const submissionId = submission._id.toString();
  const formId = submission.formId.toString();
  // Both by `_id`: a form that sends nothing costs a submission these two reads.
  const [claimed, settings] = await Promise.all([
    FormSigningStartModel.findById(submissionId).lean<StoredFormSigningStart>(),
    findFormSigning(formId),
  ]);
  if (claimed?.status === 'started' && claimed.respondentId) {
    const request = await findSigningRequestById(claimed.requestId);
    return request ? signingPathOf(request, claimed.respondentId) : null;
  }
  if (claimed ? claimed.status !== 'starting' : !settings?.isEnabled) return null;
  const form = await findFormById(formId);
  const definition = form?.publishedDefinition ?? form?.definition;
  if (claimed) {
    // A try cut off before its request was stored: again, with the settings as they are now.
    if (!settings?.isEnabled || !definition) return fail(claimed, 'DISABLED');
    return send(claimed, settings, definition, submission);
  }
  if (!settings?.isEnabled || !definition) return null;
  const start: StoredFormSigningStart = {
    _id: submissionId,
    formId,
    teamId: submission.teamId,
    requestId: new Types.ObjectId(),
    respondentRoleId: settings.respondentRoleId,
    // Without an address the respondent could neither be mailed nor prove who they are: nothing is sent.
    status: respondentOf(settings, definition, submission.answers) ? 'starting' : 'missingEmail',
    respondentId: null,
    failure: null,
    createdAt: new Date(),
  };
  try {
    await FormSigningStartModel.create(start);
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    // Another try claimed it first: its start is the one.
    return startFormSigningFor(submission);
  }
  if (start.status !== 'starting') return null;
  return send(start, settings, definition, submission);
}

/**
 * For the public submit of a form without workflow (a form with one sends after approval): the
 * respondent's signing page, to show them at once. A failure that is not the settings' (the database
 * away) must not cost the respondent their receipt: the job tries again, and mails them their link.
 */
export async function startFormSigningOnSubmit(
  form: { workflowId: string | null },
  submission: SubmissionToSign,
): Promise<string | undefined> {
  if (form.workflowId) return undefined;
  try {
    return (await startFormSigningFor(submission)) ?? undefined;
  } catch {
    await queueFormSigningStart(submission._id.toString());
    return undefined;
  }
}

/**
 * GET /submissions/{id}/signing: what became of the submission's document to sign, for its detail page;
 * the start found by equality on the submission's id, its request by its own. 404 when it sent none.
 */
export async function findSubmissionSigning(teamId: number, submissionId: string): Promise<SubmissionSigning> {
  const start = await FormSigningStartModel.findById(submissionId).lean<StoredFormSigningStart>();
  if (!start || start.teamId !== teamId) throw new AppError('NOT_FOUND', 404, 'This submission sent nothing to sign');
  // Deleted since (a closed request may be): the start still says that it went out.
  const request = start.status === 'started' ? await findSigningRequestById(start.requestId) : null;
  return {
    status: start.status,
    request: request ? { id: request._id.toString(), status: request.status } : null,
    failure: start.failure,
  };
}
