import { z } from 'zod';
import { emailSchema } from './auth.contract';
import {
  type TemplateFieldKind,
  templatePrefillKeyPattern,
  templateRoleSchema,
  templateRolesMax,
} from './document-templates.contract';
import { elementIdSchema } from './form-definition.contract';
import { displayOnlyFieldTypes, type FieldType, fieldTypes, fileFieldTypes } from './form-model-constants';
import {
  signingExpiryDefaultDays,
  signingExpiryMaxDays,
  signingMessageMaxLength,
  signingRecipientNameMaxLength,
  signingReminderMaxDays,
  signingRequestStatuses,
} from './signing-requests.contract';
import { objectIdSchema } from './teams.contract';

// A form's documents to sign (/v1/forms/{id}/documents, issue 16): each submission fills a signature
// template's fields from its answers and sends it, the respondent signing as the form's last step (right
// after submitting, or once the form's approval workflow approved the submission).

/**
 * The form's fields a template field of each kind may be filled from: a date from a date, a box from a
 * yes/no or a consent, an address from an email field, text from any answer a person can read as text.
 */
export const prefillSourceFieldTypes = {
  date: ['date'],
  checkbox: ['yesNo', 'consent'],
  email: ['email'],
  name: ['shortText', 'hidden'],
  // Every answer but a file: what a person can read as text.
  text: fieldTypes.filter((type) => !displayOnlyFieldTypes.includes(type) && !fileFieldTypes.includes(type)),
} satisfies Record<'date' | 'checkbox' | 'email' | 'name' | 'text', readonly FieldType[]>;

const prefillSources: Partial<Record<TemplateFieldKind, readonly FieldType[]>> = prefillSourceFieldTypes;

/** Whether a form field of `fieldType` may fill template fields of `kind` (a signature never is). */
export const canPrefillFrom = (kind: TemplateFieldKind, fieldType: FieldType): boolean =>
  prefillSources[kind]?.includes(fieldType) ?? false;

/** The form fields a respondent's name may come from. */
export const respondentNameFieldTypes: readonly FieldType[] = prefillSourceFieldTypes.name;

const fixedRecipientSchema = z.strictObject({
  /** A role of the template other than the respondent's. */
  roleId: templateRoleSchema.shape.id,
  name: z.string().trim().min(1).max(signingRecipientNameMaxLength),
  email: emailSchema,
});
export type FormSigningRecipient = z.infer<typeof fixedRecipientSchema>;

/**
 * PUT /forms/{formId}/signing: the whole settings. The api checks them against the template (its roles and
 * prefill keys) and the form's current definition (its fields), answering VALIDATION_FAILED with a path
 * per issue (`prefill.customer_name`, `recipients.1.roleId`).
 */
export const formSigningSettingsSchema = z
  .strictObject({
    isEnabled: z.boolean(),
    templateId: objectIdSchema,
    /** The template's signer role the respondent takes. */
    respondentRoleId: templateRoleSchema.shape.id,
    /** The form's fields the respondent's name and address are taken from; the address one of type email. */
    nameFieldId: elementIdSchema,
    emailFieldId: elementIdSchema,
    /** Prefill key of the template's fields → the form field whose answer fills every field with that key. */
    prefill: z.record(z.string().regex(templatePrefillKeyPattern), elementIdSchema),
    /** The fixed people: exactly one for every role of the template besides the respondent's. */
    recipients: z.array(fixedRecipientSchema).max(templateRolesMax),
    message: z.string().trim().max(signingMessageMaxLength).nullable().default(null),
    expiryDays: z.number().int().min(1).max(signingExpiryMaxDays).default(signingExpiryDefaultDays),
    /** Remind whoever's turn it is every so many days; never when null. */
    reminderEveryDays: z.number().int().min(1).max(signingReminderMaxDays).nullable().default(null),
  })
  .superRefine((settings, context) => {
    const roleIds = new Set<string>([settings.respondentRoleId]);
    settings.recipients.forEach((recipient, index) => {
      if (roleIds.has(recipient.roleId)) {
        context.addIssue({ code: 'custom', path: ['recipients', index, 'roleId'], message: 'This role is taken' });
      }
      roleIds.add(recipient.roleId);
    });
  });
export type FormSigningSettings = z.output<typeof formSigningSettingsSchema>;
export type FormSigningSettingsInput = z.input<typeof formSigningSettingsSchema>;

/** GET and PUT /forms/{formId}/signing: the settings (null before any were saved) and what decides when it starts. */
export const formSigningResponseSchema = z.object({
  settings: formSigningSettingsSchema.nullable(),
  /** With a workflow, the document is sent once it approved the submission; without, right after submitting. */
  hasWorkflow: z.boolean(),
  updatedAt: z.iso.datetime().nullable(),
  updatedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type FormSigningResponse = z.infer<typeof formSigningResponseSchema>;

/**
 * What became of a submission's document to sign: `starting` until its request is stored (`started`);
 * `missingEmail` when the respondent gave no address; `failed` when the settings no longer fit the
 * template or the team (`failure` names why: an error code, or DISABLED, SENDER_GONE). Nothing is sent
 * unless started.
 */
export const submissionSigningStatuses = ['starting', 'started', 'missingEmail', 'failed'] as const;
export type SubmissionSigningStatus = (typeof submissionSigningStatuses)[number];

/** GET /submissions/{id}/signing (404 when the submission sent nothing to sign). */
export const submissionSigningSchema = z.object({
  status: z.enum(submissionSigningStatuses),
  /** The request, once started; with its status now. */
  request: z.object({ id: z.string(), status: z.enum(signingRequestStatuses) }).nullable(),
  failure: z.string().nullable(),
});
export type SubmissionSigning = z.infer<typeof submissionSigningSchema>;
