import { z } from 'zod';
import { objectIdSchema } from '../teams.contract';
import { appearanceSettingsSchema } from './appearance';
import { customScriptSettingsSchema } from './custom-script';
import { emailSettingsSchema } from './email';
import { errorTextSettingsSchema } from './error-texts';
import { logicRuleSchema, logicSettingsSchema } from './logic';
import { mailchimpApiKeySchema, mailchimpSettingsSchema } from './mailchimp';
import { quizResultSchema, quizSettingsSchema } from './quiz';
import { referenceSettingsSchema } from './reference';
import { schedulingSettingsSchema } from './scheduling';
import { thankYouSettingsSchema } from './thank-you';

export * from './appearance';
export * from './custom-script';
export * from './domain';
export * from './email';
export * from './error-texts';
export * from './logic';
export * from './mailchimp';
export * from './quiz';
export * from './reference';
export * from './scheduling';
export * from './thank-you';

/**
 * The settings of a form, one tab each under /v1/forms/{id}/setting (the domain tab has its own
 * endpoints: a domain needs a proof of ownership, not just a value). Saving a tab goes live at once
 * on the public page; see docs/decisions/012-form-settings.md.
 */
export const formSettingTabs = [
  'form',
  'quiz',
  'email',
  'error',
  'thankyou',
  'condition',
  'mailchimp',
  'reference',
  'javascript',
  'scheduling',
] as const;
export type FormSettingTab = (typeof formSettingTabs)[number];

export const mailchimpSettingsRequestSchema = mailchimpSettingsSchema.extend({
  /** A new key replaces the stored one; left out, the stored key stays. */
  apiKey: mailchimpApiKeySchema.optional(),
});

/** What PUT /forms/{formId}/settings/{tab} takes as `value`, per tab. */
export const formSettingRequestSchemas = {
  form: appearanceSettingsSchema,
  quiz: quizSettingsSchema,
  email: emailSettingsSchema,
  error: errorTextSettingsSchema,
  thankyou: thankYouSettingsSchema,
  condition: logicSettingsSchema,
  mailchimp: mailchimpSettingsRequestSchema,
  reference: referenceSettingsSchema,
  javascript: customScriptSettingsSchema,
  scheduling: schedulingSettingsSchema,
} as const;

export const formSettingsParamsSchema = z.object({ formId: objectIdSchema, tab: z.enum(formSettingTabs) });

/** PUT /forms/{formId}/settings/{tab}: the tab's new value, if `version` is still the form's. */
export const saveFormSettingRequestSchema = z.strictObject({
  version: z.number().int().min(1),
  value: z.unknown(),
});

export const mailchimpStatusSchema = z.object({
  /** The last four characters of the stored key, or null without one. */
  apiKeyHint: z.string().nullable(),
});

/** GET /forms/{formId}/settings and the answer of every save: every tab, defaults filled in. */
export const formSettingsResponseSchema = z.object({
  formId: z.string(),
  version: z.number().int(),
  settings: z.object({
    form: appearanceSettingsSchema,
    quiz: quizSettingsSchema,
    email: emailSettingsSchema,
    error: errorTextSettingsSchema,
    thankyou: thankYouSettingsSchema,
    condition: logicSettingsSchema,
    mailchimp: mailchimpSettingsSchema.extend(mailchimpStatusSchema.shape),
    reference: referenceSettingsSchema,
    javascript: customScriptSettingsSchema,
    scheduling: schedulingSettingsSchema,
  }),
});
export type FormSettingsResponse = z.infer<typeof formSettingsResponseSchema>;
export type FormSettings = FormSettingsResponse['settings'];
export type FormSettingValue<Tab extends FormSettingTab> = z.input<(typeof formSettingRequestSchemas)[Tab]>;

/** What the public page needs of the settings; nothing secret (no answer key, no API key). */
export const publicFormSettingsSchema = z.object({
  appearance: appearanceSettingsSchema.omit({ title: true, description: true }),
  errorTexts: errorTextSettingsSchema,
  thankYou: thankYouSettingsSchema,
  logic: z.array(logicRuleSchema),
  customScript: z.string(),
  isQuiz: z.boolean(),
  availability: z.object({
    state: z.enum(['open', 'notYetOpen', 'closed', 'full']),
    /** When a form not yet open opens (ISO), for the page to say in the schedule's time zone. */
    opensAt: z.iso.datetime().nullable(),
    timeZone: z.string(),
    closedMessage: z.string(),
  }),
});
export type PublicFormSettings = z.infer<typeof publicFormSettingsSchema>;

/** After a submission: its reference number and, for a quiz that shows it, the score. */
export const submissionReceiptSchema = z.object({
  reference: z.string().nullable(),
  quiz: quizResultSchema.nullable(),
  /**
   * The respondent's own signing page (`/form/signed?token=…`, with the form's locale prefix) when the form
   * sends a document to sign right after submitting and it is their turn at once.
   */
  signingPath: z.string().optional(),
});
export type SubmissionReceipt = z.infer<typeof submissionReceiptSchema>;
