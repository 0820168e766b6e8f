import { z } from 'zod';
import { formDefinitionSchema, formLanguageSchema } from './form-definition.contract';
import { objectIdSchema } from './teams.contract';

export const formStatusSchema = z.enum(['draft', 'published']);
export type FormStatus = z.infer<typeof formStatusSchema>;

export const formParamsSchema = z.object({ formId: objectIdSchema });

/** A row of the forms list. */
export const formSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  status: formStatusSchema,
  isArchived: z.boolean(),
  version: z.number().int(),
  fieldCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type FormSummary = z.infer<typeof formSummarySchema>;

/** GET /forms: the current team's forms, searched by title, sorted and paged on the server. */
export const formListQuerySchema = z.object({
  search: z.string().trim().max(100).default(''),
  sort: z.enum(['updatedAt', 'createdAt', 'title']).default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** `true` lists the archived forms (/v1/forms/archived), otherwise the active ones. */
  archived: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type FormListQuery = z.input<typeof formListQuerySchema>;

export const formListResponseSchema = z.object({
  forms: z.array(formSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type FormListResponse = z.infer<typeof formListResponseSchema>;

/** POST /forms: a blank form with one empty page. */
export const createFormRequestSchema = z.strictObject({
  title: z.string().trim().min(1).max(200),
  language: formLanguageSchema.default('de'),
  /**
   * A whole definition under an id the browser chose: the demo kept in the browser, made a form after
   * sign-up. The same request again answers the form made the first time (decision 033).
   */
  id: objectIdSchema.optional(),
  definition: formDefinitionSchema.optional(),
});
export type CreateFormRequest = z.input<typeof createFormRequestSchema>;

export const formResponseSchema = z.object({
  id: z.string(),
  status: formStatusSchema,
  isArchived: z.boolean(),
  /** Bumped by every save; a save must name the version it started from (optimistic concurrency). */
  version: z.number().int(),
  definition: formDefinitionSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  publishedAt: z.iso.datetime().nullable(),
  /** The version the public link shows; below `version` when there are edits not yet published. */
  publishedVersion: z.number().int().nullable(),
});
export type FormResponse = z.infer<typeof formResponseSchema>;

/**
 * PUT /forms/{formId}: replaces the definition when `version` is still the stored one; otherwise
 * 409 VERSION_CONFLICT with `details.currentVersion`, so two tabs never silently overwrite each other.
 */
export const saveFormRequestSchema = z.strictObject({
  version: z.number().int().min(1),
  definition: formDefinitionSchema,
});
export type SaveFormRequest = z.input<typeof saveFormRequestSchema>;

export const versionConflictDetailsSchema = z.object({ currentVersion: z.number().int() });
export type VersionConflictDetails = z.infer<typeof versionConflictDetailsSchema>;
