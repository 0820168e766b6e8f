import {
  canPrefillFrom,
  type DocumentTemplate,
  type FormDefinition,
  type FormSigningResponse,
  type FormSigningSettings,
  respondentNameFieldTypes,
  type ValidationIssue,
} from '@formwerk/contracts';
import { Types } from 'mongoose';
import { AppError } from '../../../platform/errors';
import { findFormOfTeam } from '../../forms/forms.service';
import { findUserById } from '../../users/users.service';
import type { Actor } from '../documents.service';
import { findDocumentTemplate } from '../templates/document-templates.service';
import { FormSigningModel, type StoredFormSigning } from './form-signing.model';

// The settings of a form's documents to sign (/v1/forms/{id}/documents): which template each submission
// fills and sends, who the respondent is in it, which answers fill which fields, and the fixed people.

type Team = { teamId: number };

export function findFormSigning(formId: string): Promise<StoredFormSigning | null> {
  return FormSigningModel.findById(formId).lean<StoredFormSigning>();
}

function toSettings(stored: StoredFormSigning): FormSigningSettings {
  return {
    isEnabled: stored.isEnabled,
    templateId: stored.templateId,
    respondentRoleId: stored.respondentRoleId,
    nameFieldId: stored.nameFieldId,
    emailFieldId: stored.emailFieldId,
    prefill: stored.prefill,
    recipients: stored.recipients.map(({ roleId, name, email }) => ({ roleId, name, email })),
    message: stored.message,
    expiryDays: stored.expiryDays,
    reminderEveryDays: stored.reminderEveryDays,
  };
}

function toResponse(stored: StoredFormSigning | null, hasWorkflow: boolean): FormSigningResponse {
  return {
    settings: stored ? toSettings(stored) : null,
    hasWorkflow,
    updatedAt: stored ? stored.updatedAt.toISOString() : null,
    updatedBy: stored ? { id: stored.updatedBy.toString(), name: stored.updatedByName } : null,
  };
}

/** GET /forms/{formId}/signing: another team's form answers 404, as one that does not exist. */
export async function getFormSigning(team: Team, formId: string): Promise<FormSigningResponse> {
  const [form, stored] = await Promise.all([findFormOfTeam(team, formId), findFormSigning(formId)]);
  return toResponse(stored, form.workflowId !== null);
}

const issue = (path: ValidationIssue['path'], code: string, message: string): ValidationIssue => ({
  path,
  code,
  message,
});

/** The template of the team, or null when it is gone (an issue of `templateId`, not a 404 of the form). */
async function findTemplate(teamId: number, templateId: string): Promise<DocumentTemplate | null> {
  try {
    return await findDocumentTemplate(teamId, templateId);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/**
 * What the settings must fit besides their own shape: the template's roles (the respondent a signer left
 * with a field of their own, exactly one fixed person for every other role) and prefill keys, and the
 * form's fields as its definition has them now. Every problem with its path, at once.
 */
export function checkFormSigning(
  settings: FormSigningSettings,
  template: Pick<DocumentTemplate, 'roles' | 'fields'>,
  definition: FormDefinition,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const formFields = new Map(definition.pages.flatMap((page) => page.fields).map((field) => [field.id, field]));
  const prefilledKeys = new Set(Object.keys(settings.prefill));

  const respondent = template.roles.find((role) => role.id === settings.respondentRoleId);
  if (!respondent) {
    issues.push(issue(['respondentRoleId'], 'unknown', 'The template has no such role'));
  } else if (respondent.kind !== 'signer') {
    issues.push(issue(['respondentRoleId'], 'notSigner', 'The respondent signs: choose a signer role'));
  } else {
    const ownFields = template.fields.filter(
      (field) =>
        field.roleId === respondent.id && (field.prefillKey === undefined || !prefilledKeys.has(field.prefillKey)),
    );
    if (ownFields.length === 0) {
      issues.push(
        issue(['respondentRoleId'], 'noFields', 'Every field of this role is prefilled: nothing is left to sign'),
      );
    }
  }

  const nameField = formFields.get(settings.nameFieldId);
  if (!nameField) issues.push(issue(['nameFieldId'], 'unknown', 'The form has no such field'));
  else if (!respondentNameFieldTypes.includes(nameField.type)) {
    issues.push(issue(['nameFieldId'], 'wrongType', 'A name is taken from a text field'));
  }
  const emailField = formFields.get(settings.emailFieldId);
  if (!emailField) issues.push(issue(['emailFieldId'], 'unknown', 'The form has no such field'));
  else if (emailField.type !== 'email') issues.push(issue(['emailFieldId'], 'wrongType', 'Must be an email field'));

  for (const [key, fieldId] of Object.entries(settings.prefill)) {
    const fields = template.fields.filter((field) => field.prefillKey === key);
    const formField = formFields.get(fieldId);
    if (fields.length === 0) issues.push(issue(['prefill', key], 'unknown', 'No field of the template has this key'));
    else if (!formField) issues.push(issue(['prefill', key], 'unknownField', 'The form has no such field'));
    else if (fields.some((field) => !canPrefillFrom(field.kind, formField.type))) {
      issues.push(issue(['prefill', key], 'wrongType', 'This answer cannot fill a field of this kind'));
    }
  }

  const roleById = new Map(template.roles.map((role) => [role.id, role]));
  settings.recipients.forEach((recipient, index) => {
    if (!roleById.has(recipient.roleId)) {
      issues.push(issue(['recipients', index, 'roleId'], 'unknown', 'The template has no such role'));
    }
  });
  const taken = new Set([settings.respondentRoleId, ...settings.recipients.map((recipient) => recipient.roleId)]);
  for (const role of template.roles) {
    if (!taken.has(role.id)) {
      issues.push(issue(['recipients'], 'missing', `Nobody takes the role “${role.name}”`));
    }
  }
  return issues;
}

/**
 * PUT /forms/{formId}/signing: checked against the template and the form as they are now, and saved
 * whole; whoever saves is the sender of the requests from then on.
 */
export async function saveFormSigning(
  actor: Actor,
  formId: string,
  settings: FormSigningSettings,
): Promise<FormSigningResponse> {
  const [form, template, user] = await Promise.all([
    findFormOfTeam(actor, formId),
    findTemplate(actor.teamId, settings.templateId),
    findUserById(actor.userId),
  ]);
  if (!user) throw new AppError('UNAUTHENTICATED', 401);
  const issues = template
    ? checkFormSigning(settings, template, form.definition)
    : [issue(['templateId'], 'unknown', 'The team has no such template')];
  if (issues.length > 0) {
    throw new AppError('VALIDATION_FAILED', 400, 'These settings do not fit the template or the form', { issues });
  }
  const stored = await FormSigningModel.findOneAndUpdate(
    { _id: formId },
    {
      $set: {
        ...settings,
        teamId: actor.teamId,
        updatedBy: new Types.ObjectId(actor.userId),
        updatedByName: user.name,
        updatedAt: new Date(),
      },
    },
    { upsert: true, new: true, lean: true },
  );
  return toResponse(stored as unknown as StoredFormSigning, form.workflowId !== null);
}

/** DELETE /forms/{formId}/signing: later submissions send nothing; requests already sent run on. */
export async function deleteFormSigning(team: Team, formId: string): Promise<void> {
  await findFormOfTeam(team, formId);
  await FormSigningModel.deleteOne({ _id: formId, teamId: team.teamId });
}

/** The settings of a form being deleted (its team already checked): they go with it. */
export async function forgetFormSigning(formId: string): Promise<void> {
  await FormSigningModel.deleteOne({ _id: formId });
}
