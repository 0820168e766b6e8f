import {
  canPrefillFrom,
  type DocumentTemplate,
  type FormDefinition,
  type FormField,
  type FormSigningSettings,
  type FormSigningSettingsInput,
  formSigningSettingsSchema,
  respondentNameFieldTypes,
  signingExpiryDefaultDays,
  type TemplateField,
  type TemplateRole,
  takesAnswer,
  type ValidationIssue,
} from '@formwerk/contracts';

// The signing section's form as the inputs hold it (text for numbers, a person per role), and the
// settings the api takes made of it: each problem of the api or the contract named by the input it is about.

export type Person = { name: string; email: string };

export type SigningDraft = {
  isEnabled: boolean;
  templateId: string;
  respondentRoleId: string;
  nameFieldId: string;
  emailFieldId: string;
  /** Prefill key → form field id; an empty id fills nothing. */
  prefill: Record<string, string>;
  people: Record<string, Person>;
  message: string;
  expiryDays: string;
  /** Days between reminders; empty for none. */
  reminderEveryDays: string;
};

export const emptyDraft: SigningDraft = {
  isEnabled: true,
  templateId: '',
  respondentRoleId: '',
  nameFieldId: '',
  emailFieldId: '',
  prefill: {},
  people: {},
  message: '',
  expiryDays: String(signingExpiryDefaultDays),
  reminderEveryDays: '',
};

export function draftOf(settings: FormSigningSettings | null): SigningDraft {
  if (!settings) return emptyDraft;
  return {
    isEnabled: settings.isEnabled,
    templateId: settings.templateId,
    respondentRoleId: settings.respondentRoleId,
    nameFieldId: settings.nameFieldId,
    emailFieldId: settings.emailFieldId,
    prefill: settings.prefill,
    people: Object.fromEntries(settings.recipients.map(({ roleId, name, email }) => [roleId, { name, email }])),
    message: settings.message ?? '',
    expiryDays: String(settings.expiryDays),
    reminderEveryDays: settings.reminderEveryDays === null ? '' : String(settings.reminderEveryDays),
  };
}

/** A template's signing roles: the respondent takes one of them. */
export const signerRolesOf = (template: Pick<DocumentTemplate, 'roles'>) =>
  template.roles.filter((role) => role.kind === 'signer');

/** The roles fixed people take: every role but the respondent's, stage by stage. */
export const otherRolesOf = (template: Pick<DocumentTemplate, 'roles'>, respondentRoleId: string): TemplateRole[] =>
  template.roles.filter((role) => role.id !== respondentRoleId).sort((left, right) => left.order - right.order);

export type PrefillKey = { key: string; fields: TemplateField[] };

/** The template's prefill keys with the fields each fills; a signature or initials are never prefilled. */
export function prefillKeysOf(template: Pick<DocumentTemplate, 'fields'>): PrefillKey[] {
  const byKey = new Map<string, TemplateField[]>();
  for (const field of template.fields) {
    if (field.prefillKey === undefined || field.kind === 'signature' || field.kind === 'initials') continue;
    byKey.set(field.prefillKey, [...(byKey.get(field.prefillKey) ?? []), field]);
  }
  return [...byKey].map(([key, fields]) => ({ key, fields }));
}

const answerFieldsOf = (definition: FormDefinition) =>
  definition.pages.flatMap((page) => page.fields).filter(takesAnswer);

/** The form's fields a name, an address or a prefill key may be taken from. */
export const nameFieldsOf = (definition: FormDefinition) =>
  answerFieldsOf(definition).filter((field) => respondentNameFieldTypes.includes(field.type));
export const emailFieldsOf = (definition: FormDefinition) =>
  answerFieldsOf(definition).filter((field) => field.type === 'email');
export const prefillFieldsOf = (definition: FormDefinition, { fields }: PrefillKey): FormField[] =>
  answerFieldsOf(definition).filter((formField) => fields.every((field) => canPrefillFrom(field.kind, formField.type)));

/** The settings as the api takes them, fixed people in the order of `otherRoles`. */
export function settingsOf(draft: SigningDraft, otherRoles: readonly TemplateRole[]): FormSigningSettingsInput {
  return {
    isEnabled: draft.isEnabled,
    templateId: draft.templateId,
    respondentRoleId: draft.respondentRoleId,
    nameFieldId: draft.nameFieldId,
    emailFieldId: draft.emailFieldId,
    prefill: Object.fromEntries(Object.entries(draft.prefill).filter(([, fieldId]) => fieldId !== '')),
    recipients: otherRoles.map((role) => ({
      roleId: role.id,
      name: draft.people[role.id]?.name ?? '',
      email: draft.people[role.id]?.email ?? '',
    })),
    message: draft.message.trim() === '' ? null : draft.message,
    expiryDays: Number(draft.expiryDays),
    reminderEveryDays: draft.reminderEveryDays === '' ? null : Number(draft.reminderEveryDays),
  };
}

const issueKeys = new Set(['unknown', 'notSigner', 'noFields', 'wrongType', 'unknownField', 'missing']);

/** The message key of an issue: the api's own codes, or what the contract's say to a person. */
function issueKeyOf(issue: ValidationIssue): string {
  if (issueKeys.has(issue.code)) return `formSigning.issues.${issue.code}`;
  if (issue.path.at(-1) === 'email') return 'formSigning.issues.invalidEmail';
  if (issue.code === 'too_small' || issue.code === 'invalid_type') return 'formSigning.issues.required';
  return 'formSigning.issues.invalid';
}

/**
 * The problems by the input they are about: `recipients.1.email` becomes `people.<role>.email` (the
 * recipients are sent in the order of `otherRoles`), anything else keeps its path; the first per input.
 */
export function problemsOf(issues: readonly ValidationIssue[], otherRoles: readonly TemplateRole[]) {
  const problems: Record<string, string> = {};
  for (const issue of issues) {
    const [head, index, part] = issue.path;
    const role = head === 'recipients' && typeof index === 'number' ? otherRoles[index] : undefined;
    const at = role ? `people.${role.id}.${String(part ?? 'name')}` : issue.path.join('.');
    problems[at] ??= issueKeyOf(issue);
  }
  return problems;
}

const required = 'formSigning.issues.required';

/** What is missing or the contract finds wrong before anything is sent, as problems by input. */
export function checkDraft(draft: SigningDraft, otherRoles: readonly TemplateRole[]): Record<string, string> {
  const missing: Record<string, string> = {};
  for (const key of ['templateId', 'respondentRoleId', 'nameFieldId', 'emailFieldId'] as const) {
    if (draft[key] === '') missing[key] = required;
  }
  for (const role of otherRoles) {
    const person = draft.people[role.id];
    if (!person?.name.trim()) missing[`people.${role.id}.name`] = required;
    if (!person?.email.trim()) missing[`people.${role.id}.email`] = required;
  }
  const parsed = formSigningSettingsSchema.safeParse(settingsOf(draft, otherRoles));
  if (parsed.success) return missing;
  return {
    ...problemsOf(
      parsed.error.issues.map(({ path, code, message }) => ({
        path: path.filter((part): part is string | number => typeof part !== 'symbol'),
        code,
        message,
      })),
      otherRoles,
    ),
    ...missing,
  };
}
