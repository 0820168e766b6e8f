import {
  type CreateSigningRequestRequest,
  createSigningRequestRequestSchema,
  signingExpiryDefaultDays,
  signingExpiryMaxDays,
  type TemplateRole,
  type ValidationIssue,
} from '@formwerk/contracts';
import type { Locale } from '@formwerk/platform';
import { closeStageGaps } from './stages';

/** What is sent, as the api takes it: a template of the team, or a document with roles and fields of its own. */
export type SendSource = CreateSigningRequestRequest['source'];

/** What the dialog sends: the source, the roles people are chosen for, and the name the title defaults to. */
export type SendSubject = { source: SendSource; roles: TemplateRole[]; name: string };

/** What the sender types in the dialog; the recipients by the id of their role. */
export type SendForm = {
  recipients: Record<string, { name: string; email: string }>;
  title: string;
  message: string;
  language: Locale;
  /** The last day the request is open, as a date input has it (YYYY-MM-DD). */
  expiresOn: string;
  reminderEveryDays: number | null;
  allowDelegation: boolean;
};

/** An input of the dialog: `title`, `message`, `expiresOn`, `reminderEveryDays`, `recipients.<roleId>.name|email`. */
export type FieldKey = string;

/** What stops sending: messages (keys) by input, and those that belong to no input. */
export type FormErrors = { fields: Map<FieldKey, string>; general: string[] };

const dayMs = 24 * 60 * 60_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** A day as a date input writes it, in the browser's time zone. */
export const toDateInput = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

const addDays = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days, date.getHours(), date.getMinutes());

/** The days the expiry may be set to: from today to a year from now. */
export const expiryBounds = (now: Date) => ({
  min: toDateInput(now),
  max: toDateInput(addDays(now, signingExpiryMaxDays)),
});

/**
 * The moment a request chosen to run until `expiresOn` ends: the end of that day, here. On the last day
 * allowed, a minute before a year is over, since the api allows no more than a year from its own now.
 */
export function toExpiresAt(expiresOn: string, now: Date): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(expiresOn);
  if (!match) return null;
  const endOfDay = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
  if (Number.isNaN(endOfDay.getTime())) return null;
  const latest = now.getTime() + signingExpiryMaxDays * dayMs - 60_000;
  const isLastDay = endOfDay.getTime() > latest && endOfDay.getTime() - latest < dayMs;
  return new Date(isLastDay ? latest : endOfDay.getTime()).toISOString();
}

/** The form as a subject opens it: nobody chosen yet, its name as the title, the page's language, 30 days. */
export function createSendForm(subject: SendSubject, language: Locale, now: Date): SendForm {
  return {
    recipients: Object.fromEntries(subject.roles.map((role) => [role.id, { name: '', email: '' }])),
    title: subject.name,
    message: '',
    language,
    expiresOn: toDateInput(addDays(now, signingExpiryDefaultDays)),
    reminderEveryDays: null,
    allowDelegation: false,
  };
}

/** The request as the api takes it; what is left empty is left out, for the api's defaults. */
export function toSendRequest(subject: SendSubject, form: SendForm, now: Date): CreateSigningRequestRequest {
  const roles = closeStageGaps(subject.roles);
  const source: SendSource = subject.source.kind === 'document' ? { ...subject.source, roles } : subject.source;
  const expiresAt = toExpiresAt(form.expiresOn, now);
  return {
    ...(form.title.trim() ? { title: form.title } : {}),
    source,
    // Stage by stage, as the dialog shows them.
    recipients: [...roles]
      .sort((left, right) => left.order - right.order)
      .map((role) => ({ roleId: role.id, ...(form.recipients[role.id] ?? { name: '', email: '' }) })),
    ...(form.message.trim() ? { message: form.message } : {}),
    language: form.language,
    ...(expiresAt ? { expiresAt } : {}),
    reminderEveryDays: form.reminderEveryDays,
    allowDelegation: form.allowDelegation,
  };
}

/** An issue of the contract (zod) or of the api's VALIDATION_FAILED details. */
type Issue = { path: readonly PropertyKey[]; code: ValidationIssue['code'] };

const recipientFieldOf = (issue: Issue, request: CreateSigningRequestRequest) => {
  const [, index, field] = issue.path;
  if (typeof index !== 'number' || (field !== 'name' && field !== 'email')) return null;
  const recipient = request.recipients[index];
  return recipient ? { recipient, field } : null;
};

/** Where an issue of the contract or the api belongs and how it reads (`signingSend.errors.…`). */
function placeIssue(issue: Issue, request: CreateSigningRequestRequest): { field?: FieldKey; key: string } {
  const [first] = issue.path;
  if (first === 'recipients') {
    const found = recipientFieldOf(issue, request);
    if (found?.field === 'name') {
      const key = issue.code === 'too_small' ? 'nameMissing' : 'tooLong';
      return { field: `recipients.${found.recipient.roleId}.name`, key };
    }
    if (found?.field === 'email') {
      let key = 'emailInvalid';
      if (issue.code === 'custom') key = 'emailTaken';
      else if (found.recipient.email.trim() === '') key = 'emailMissing';
      return { field: `recipients.${found.recipient.roleId}.email`, key };
    }
    // The roles only the api knows (a template's) changed since the dialog read them, or nobody acts.
    return { key: issue.code === 'no_signer' ? 'noSigner' : 'rolesChanged' };
  }
  if (first === 'title' || first === 'message') return { field: first, key: 'tooLong' };
  if (first === 'expiresAt') return { field: 'expiresOn', key: 'expiryOutOfRange' };
  if (first === 'reminderEveryDays') return { field: first, key: 'reminderInvalid' };
  if (first === 'source') return { key: 'sourceInvalid' };
  return { key: 'VALIDATION_FAILED' };
}

/** The issues of the contract or of the api's answer (VALIDATION_FAILED), by input, as message keys. */
export function toFormErrors(issues: Issue[], request: CreateSigningRequestRequest): FormErrors {
  const fields = new Map<FieldKey, string>();
  const general = new Set<string>();
  for (const issue of issues) {
    const { field, key } = placeIssue(issue, request);
    if (field === undefined) general.add(`signingSend.errors.${key}`);
    else if (!fields.has(field)) fields.set(field, `signingSend.errors.${key}`);
  }
  return { fields, general: [...general] };
}

/**
 * The request, checked by the contract the api checks it with (so the sender learns of a mistake before
 * sending); null with the errors when it would be refused.
 */
export function checkSendForm(
  subject: SendSubject,
  form: SendForm,
  now: Date,
): { request: CreateSigningRequestRequest; errors: null } | { request: null; errors: FormErrors } {
  const request = toSendRequest(subject, form, now);
  const parsed = createSigningRequestRequestSchema.safeParse(request);
  const errors = toFormErrors(parsed.success ? [] : parsed.error.issues, request);
  // An empty date means no choice, not the api's default.
  if (!request.expiresAt) errors.fields.set('expiresOn', 'signingSend.errors.expiryMissing');
  if (errors.fields.size === 0 && errors.general.length === 0) return { request, errors: null };
  return { request: null, errors };
}
