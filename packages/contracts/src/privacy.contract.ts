import { z } from 'zod';
import { instanceStatusSchema, timelineEntrySchema } from './approvals.contract';
import { localeSchema } from './auth.contract';
import { deliveryChannels } from './form-settings';
import { createSubmissionResponseSchema } from './submissions.contract';
import { objectIdSchema } from './teams.contract';

// A respondent's own view of what they sent (GDPR Art. 15, 17 and 20), reached without an account
// through the private link /mydata/{token} they get after submitting (decision 031).

/** The link's secret: 256 random bits in base64url (platform/tokens.ts). */
export const personalDataTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
export const personalDataParamsSchema = z.object({ token: personalDataTokenSchema });
export const personalDataFileParamsSchema = personalDataParamsSchema.extend({ fileId: objectIdSchema });

/** The respondent's page, `/mydata/{token}` with the form's locale prefix. */
export const personalDataPathPattern = /^(\/en)?\/mydata\/[A-Za-z0-9_-]{43}$/;

/**
 * POST /public/forms/{formId}/submissions as the public page reads it: the receipt and, for a stored
 * submission, the respondent's private link to their data.
 */
export const publicSubmissionResponseSchema = createSubmissionResponseSchema.extend({
  personalDataPath: z.string().regex(personalDataPathPattern).optional(),
});
export type PublicSubmissionResponse = z.infer<typeof publicSubmissionResponseSchema>;

const personalFileSchema = z.object({
  fileId: z.string(),
  /** The upload or signature field it was sent with. */
  fieldId: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number().int().min(0),
});
export type PersonalFile = z.infer<typeof personalFileSchema>;

const personalAnswerSchema = z.object({
  fieldId: z.string(),
  /** The field's label as the form shows it now; the field's id for an answer to a field removed since. */
  label: z.string(),
  /** The answer as the form's mails and exports write it. */
  text: z.string(),
});
export type PersonalAnswer = z.infer<typeof personalAnswerSchema>;

/** GET /public/mydata/{token}: what the respondent sent, readable. */
export const personalDataResponseSchema = z.object({
  formTitle: z.string(),
  /** The form's language: the page offers its texts in it. */
  language: localeSchema,
  submittedAt: z.iso.datetime(),
  reference: z.string().nullable(),
  answers: z.array(personalAnswerSchema),
  files: z.array(personalFileSchema),
  /** The approval the submission started, when the form has a workflow. */
  workflow: z.object({ name: z.string(), status: instanceStatusSchema }).nullable(),
});
export type PersonalDataResponse = z.infer<typeof personalDataResponseSchema>;

/**
 * GET /public/mydata/{token}/export: everything stored about the submission, as a JSON attachment
 * (`formwerk-data-<date>.json`): the raw and readable answers, each file with its content in base64,
 * the workflow with its history, and the mails and subscriptions the submission set off.
 */
export const personalDataExportSchema = z.object({
  exportedAt: z.iso.datetime(),
  form: z.object({ id: z.string(), title: z.string() }),
  submission: z.object({
    id: z.string(),
    number: z.number().int().nullable(),
    reference: z.string().nullable(),
    submittedAt: z.iso.datetime(),
    formVersion: z.number().int(),
    score: z.object({ points: z.number(), maxPoints: z.number() }).nullable(),
    answers: z.record(z.string(), z.unknown()),
    readableAnswers: z.array(personalAnswerSchema),
  }),
  files: z.array(personalFileSchema.extend({ contentBase64: z.string() })),
  workflow: z
    .object({
      name: z.string(),
      status: instanceStatusSchema,
      startedAt: z.iso.datetime(),
      endedAt: z.string().nullable(),
      /** The answers as the workflow holds them (a resubmission may have changed some). */
      answers: z.record(z.string(), z.unknown()),
      timeline: z.array(timelineEntrySchema),
    })
    .nullable(),
  deliveries: z.array(
    z.object({
      channel: z.enum(deliveryChannels),
      status: z.string(),
      /** The respondent's own address (a confirmation mail, a subscription); the team's are not theirs to see. */
      to: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;

/**
 * POST /public/mydata/{token}/erasure. The body repeats what the respondent confirmed, so no stray
 * request (a prefetch, a double submit of another form) can erase anything.
 */
export const personalDataErasureRequestSchema = z.strictObject({ confirmation: z.literal('erase') });
export const personalDataErasureResponseSchema = z.object({ erasedAt: z.iso.datetime() });
export type PersonalDataErasureResponse = z.infer<typeof personalDataErasureResponseSchema>;

/**
 * The `details` of LINK_INVALID with status 410: the link was right, but its submission was erased on
 * the respondent's request (a 404 says nothing of the kind: unknown, or deleted by the form's owner).
 */
export const personalDataErasedDetailsSchema = z.object({ erasedAt: z.iso.datetime() });

/** GET /forms/{formId}/erasures: what the owner keeps of erasures, numbers and dates, no data. */
export const submissionErasureSchema = z.object({
  submissionNumber: z.number().int().nullable(),
  erasedAt: z.iso.datetime(),
});
export const submissionErasuresResponseSchema = z.object({ erasures: z.array(submissionErasureSchema) });
export type SubmissionErasure = z.infer<typeof submissionErasureSchema>;
export type SubmissionErasuresResponse = z.infer<typeof submissionErasuresResponseSchema>;
