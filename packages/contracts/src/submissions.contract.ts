import { z } from 'zod';
import { answerIssueCodes } from './form-answers';
import { elementIdSchema, formDefinitionSchema } from './form-definition.contract';
import { fieldTypes } from './form-model-constants';
import { publicFormSettingsSchema, submissionReceiptSchema } from './form-settings';
import { objectIdSchema } from './teams.contract';

/** GET /public/forms/{formId}: what respondents see of a published form (never a draft's edits). */
export const publicFormSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  definition: formDefinitionSchema,
  /** The server's clock when the form was handed out. */
  servedAt: z.number().int(),
  /** `servedAt` signed by the api for this form; the page sends it back with the answers. */
  startToken: z.string(),
  settings: publicFormSettingsSchema,
});
export type PublicForm = z.infer<typeof publicFormSchema>;

const fileAnswerSchema = z.strictObject({
  fileId: z.string().max(100),
  name: z.string().max(300),
  size: z.number().int().min(0),
  type: z.string().max(200),
});
export const answerValueSchema = z.union([
  z.string().max(10_000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(100)).max(200),
  z.array(fileAnswerSchema).max(10),
]);

/**
 * POST /public/forms/{formId}/submissions. The page makes `idempotencyKey` once per fill, so a double
 * click or a retry after a lost answer stores one submission. `website` is a honeypot field people
 * never see; `startToken` (the one the page got with the form) tells the api when the page was served,
 * so it refuses forms filled faster than a person can, and the page cannot say otherwise.
 */
export const createSubmissionRequestSchema = z.strictObject({
  answers: z.record(z.string().max(40), answerValueSchema),
  idempotencyKey: z.uuid(),
  startToken: z.string().max(200),
  website: z.string().max(500).default(''),
});
export type CreateSubmissionRequest = z.input<typeof createSubmissionRequestSchema>;

export const createSubmissionResponseSchema = submissionReceiptSchema.extend({ submissionId: z.string() });
export type CreateSubmissionResponse = z.infer<typeof createSubmissionResponseSchema>;

/** The `details` of ANSWERS_INVALID: one issue per field, translated by the page from `code`. */
export const answersInvalidDetailsSchema = z.object({
  issues: z.array(
    z.object({
      fieldId: z.string(),
      code: z.enum(answerIssueCodes),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  ),
});
export type AnswersInvalidDetails = z.infer<typeof answersInvalidDetailsSchema>;

export const publicFormParamsSchema = z.object({ formId: objectIdSchema });

/** A stored submission as the team sees it. */
export const submissionSchema = z.object({
  id: z.string(),
  formId: z.string(),
  formVersion: z.number().int(),
  createdAt: z.iso.datetime(),
  answers: z.record(z.string(), answerValueSchema),
  /** From the form's reference tab, when it was on for this submission. */
  reference: z.string().nullable(),
  /** A quiz's score, when the form was a quiz for this submission. */
  score: z.object({ points: z.number().int(), maxPoints: z.number().int() }).nullable(),
});
export type SubmissionDto = z.infer<typeof submissionSchema>;

/**
 * GET /forms/{formId}/submissions and GET /submissions: paged, sorted and filtered on the server.
 * `sort` is `createdAt`, `score` (a quiz's points), `reference` or a field id (the builder's ids carry
 * a type prefix, so they never read like these); a query key `filter.<fieldId>` keeps rows whose
 * answer contains the text (the router collects those keys into `filter`), `reference` those whose
 * reference number contains it.
 */
export const submissionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  sort: z.union([z.enum(['createdAt', 'score', 'reference']), elementIdSchema]).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  filter: z.record(elementIdSchema, z.string().trim().min(1).max(200)).default({}),
  reference: z.string().trim().min(1).max(40).optional(),
  formId: objectIdSchema.optional(),
});
export type SubmissionListQuery = z.input<typeof submissionListQuerySchema>;

/**
 * How a list found by reading a form's (or the team's) submissions one by one went: a column filter, a
 * reference search or a sort by anything but the time of receipt cannot be answered from stored numbers.
 * The reading stops after a few seconds: then `isIncomplete` is true, `scanned` of `toScan` were read,
 * and `total` and the rows cover only those.
 */
export const submissionScanSchema = z.object({
  isIncomplete: z.boolean(),
  scanned: z.number().int().min(0),
  toScan: z.number().int().min(0),
});
export type SubmissionScan = z.infer<typeof submissionScanSchema>;

export const submissionListResponseSchema = z.object({
  submissions: z.array(submissionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Only when the list was found by reading the submissions one by one. */
  scan: submissionScanSchema.optional(),
});
export type SubmissionListResponse = z.infer<typeof submissionListResponseSchema>;

/** GET /submissions also names the forms of the rows on the page; a deleted form is missing. */
export const teamSubmissionListResponseSchema = submissionListResponseSchema.extend({
  forms: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type TeamSubmissionListResponse = z.infer<typeof teamSubmissionListResponseSchema>;

export const submissionParamsSchema = z.object({ submissionId: objectIdSchema });

/** POST /forms/{formId}/submissions/delete: removes the chosen rows of that form. */
export const deleteSubmissionsRequestSchema = z.strictObject({ ids: z.array(objectIdSchema).min(1).max(1000) });
export type DeleteSubmissionsRequest = z.input<typeof deleteSubmissionsRequestSchema>;
export const deleteSubmissionsResponseSchema = z.object({ deleted: z.number().int() });

/** GET /forms/{formId}/submissions/export?format=csv|xlsx&locale=de|en, with the list's filters. */
export const submissionExportQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  locale: z.enum(['de', 'en']).default('de'),
  filter: z.record(elementIdSchema, z.string().trim().min(1).max(200)).default({}),
  /** The table's reference search, as for the list. */
  reference: z.string().trim().max(60).optional(),
});

/** GET /forms/{formId}/submissions/charts, with the list's `filter.<fieldId>` keys. */
export const submissionChartsQuerySchema = z.object({
  filter: z.record(elementIdSchema, z.string().trim().min(1).max(200)).default({}),
});

const count = z.number().int().min(0);
const chartFieldBase = {
  fieldId: z.string(),
  label: z.string(),
  fieldType: z.enum(fieldTypes),
  /** Submissions with an answer to this field. */
  answered: count,
};

/**
 * One answerable field of the form, summed up over its submissions: counts per option for choices
 * (every option, those nobody picked with 0), counts per value for ratings and scales, a histogram
 * of at most ten equal bins for numbers, and only the number of answers for free text, dates and files.
 */
export const fieldChartSchema = z.discriminatedUnion('kind', [
  z.object({
    ...chartFieldBase,
    kind: z.literal('choices'),
    /** `label` is null for yes/no and consent (ids `yes` and `no`), which the UI names in its language. */
    options: z.array(z.object({ id: z.string(), label: z.string().nullable(), count })),
  }),
  z.object({ ...chartFieldBase, kind: z.literal('scale'), values: z.array(z.object({ value: z.number(), count })) }),
  z.object({
    ...chartFieldBase,
    kind: z.literal('histogram'),
    /** Null while nobody answered. */
    min: z.number().nullable(),
    max: z.number().nullable(),
    mean: z.number().nullable(),
    /** `from` inclusive, `to` exclusive, except the last bin, which includes `max`. */
    bins: z.array(z.object({ from: z.number(), to: z.number(), count })),
  }),
  z.object({ ...chartFieldBase, kind: z.literal('answered') }),
]);
export type FieldChart = z.infer<typeof fieldChartSchema>;

/**
 * How a quiz's submissions scored: how many carry a score, their least, mean and most points, the most
 * any of them could reach (`maxPoints`), and bins over 0 to `maxPoints`: one per points value up to 20
 * points, ten equal ones above (`from` inclusive, `to` exclusive, the last bin includes `maxPoints`).
 */
export const scoreChartSchema = z.object({
  scored: count,
  maxPoints: count,
  min: z.number(),
  max: z.number(),
  mean: z.number(),
  bins: z.array(z.object({ from: z.number(), to: z.number(), count })),
});
export type ScoreChart = z.infer<typeof scoreChartSchema>;

export const submissionChartsResponseSchema = z.object({
  total: count,
  fields: z.array(fieldChartSchema),
  /** Null unless a submission counted here carries a quiz's score. */
  score: scoreChartSchema.nullable(),
  /** Submissions per UTC day from the first to the last, days without any included. */
  timeline: z.object({
    days: z.array(z.object({ day: z.iso.date(), count })),
    /** True when the submissions span more days than the timeline shows (the latest 366). */
    isTruncated: z.boolean(),
  }),
  /**
   * How the counting went: it reads the submissions one by one and stops after a few seconds; then
   * `isIncomplete` is true and every figure covers the `scanned` of `toScan` submissions read.
   */
  scan: submissionScanSchema,
});
export type SubmissionChartsResponse = z.infer<typeof submissionChartsResponseSchema>;
