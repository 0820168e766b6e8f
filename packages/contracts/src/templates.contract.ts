import { z } from 'zod';
import { formDefinitionSchema, formLanguageSchema } from './form-definition.contract';
import { objectIdSchema } from './teams.contract';

/** How the gallery groups its built-in templates; UIs name each category in their own words. */
export const templateCategories = ['contact', 'events', 'orders', 'workplace', 'feedback'] as const;
export const templateCategorySchema = z.enum(templateCategories);
export type TemplateCategory = z.infer<typeof templateCategorySchema>;

/** Built-in templates are written in both languages; the caller names the one of its page. */
export const templateLocaleQuerySchema = z.object({ locale: formLanguageSchema.default('de') });
export type TemplateLocaleQuery = z.input<typeof templateLocaleQuerySchema>;

/** A built-in template is named by a readable slug, e.g. /templates/event-registration. */
export const templateParamsSchema = z.object({ templateId: z.string().regex(/^[a-z0-9-]{1,60}$/) });

/** A card of the gallery (GET /templates). */
export const templateSummarySchema = z.object({
  id: z.string(),
  category: templateCategorySchema,
  title: z.string(),
  description: z.string(),
  fieldCount: z.number().int(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

export const templateListResponseSchema = z.object({ templates: z.array(templateSummarySchema) });
export type TemplateListResponse = z.infer<typeof templateListResponseSchema>;

/** GET /templates/{templateId}: the card and the whole form, for a preview. */
export const templateResponseSchema = templateSummarySchema.extend({ definition: formDefinitionSchema });
export type TemplateResponse = z.infer<typeof templateResponseSchema>;

/**
 * POST /templates/{templateId}/forms: a new draft of the current team from the template, in the
 * language of the user's page; answers the form like POST /forms.
 */
export const createFormFromTemplateRequestSchema = z.strictObject({ locale: formLanguageSchema.default('de') });
export type CreateFormFromTemplateRequest = z.input<typeof createFormFromTemplateRequestSchema>;

/** A template of the current team, addressed by its database id. */
export const teamTemplateParamsSchema = z.object({ templateId: objectIdSchema });

/**
 * POST /team-templates: keeps a copy of the form's current definition as a template of the team;
 * without a name, the template is named after the form's title.
 */
export const saveTeamTemplateRequestSchema = z.strictObject({
  formId: objectIdSchema,
  name: z.string().trim().min(1).max(200).optional(),
});
export type SaveTeamTemplateRequest = z.input<typeof saveTeamTemplateRequestSchema>;

export const teamTemplateSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  language: formLanguageSchema,
  fieldCount: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type TeamTemplateSummary = z.infer<typeof teamTemplateSummarySchema>;

export const teamTemplateListResponseSchema = z.object({ templates: z.array(teamTemplateSummarySchema) });
export type TeamTemplateListResponse = z.infer<typeof teamTemplateListResponseSchema>;

export const teamTemplateResponseSchema = teamTemplateSummarySchema.extend({ definition: formDefinitionSchema });
export type TeamTemplateResponse = z.infer<typeof teamTemplateResponseSchema>;
