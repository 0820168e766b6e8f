import { z } from 'zod';
import { formLanguageSchema } from './form-definition.contract';
import { formStatusSchema } from './forms.contract';
import { teamSubmissionListResponseSchema } from './submissions.contract';
import { objectIdSchema } from './teams.contract';
import { templateParamsSchema } from './templates.contract';

/** The icons an app can wear (lucide names, drawn by the ui's Icon). */
export const appIcons = [
  'briefcase',
  'users',
  'shopping-cart',
  'calendar',
  'graduation-cap',
  'heart-pulse',
  'wrench',
  'megaphone',
  'clipboard-list',
  'building-2',
] as const;
export const appColors = ['blue', 'green', 'orange', 'purple', 'red', 'teal'] as const;

export const appIconSchema = z.enum(appIcons);
export const appColorSchema = z.enum(appColors);
export type AppIcon = z.infer<typeof appIconSchema>;
export type AppColor = z.infer<typeof appColorSchema>;

export const appParamsSchema = z.object({ appId: objectIdSchema });

/** POST /apps: a name and look, and the team's forms it bundles, in their order. */
export const createAppRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(80),
  icon: appIconSchema,
  color: appColorSchema,
  formIds: z.array(objectIdSchema).max(50).default([]),
});
export type CreateAppRequest = z.input<typeof createAppRequestSchema>;

/** PATCH /apps/{appId}: any of the same. */
export const updateAppRequestSchema = createAppRequestSchema.partial();
export type UpdateAppRequest = z.input<typeof updateAppRequestSchema>;

export const appSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: appIconSchema,
  color: appColorSchema,
  /** The bundled forms that still exist, in the app's order. */
  forms: z.array(z.object({ id: z.string(), title: z.string(), status: formStatusSchema })),
  submissionCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AppDto = z.infer<typeof appSchema>;

export const appListResponseSchema = z.object({ apps: z.array(appSchema) });
export type AppListResponse = z.infer<typeof appListResponseSchema>;

/** GET /apps/{appId}/submissions: the submissions of all its forms in one list, newest first. */
export const appSubmissionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const appSubmissionsResponseSchema = teamSubmissionListResponseSchema;

export const appTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: appIconSchema,
  color: appColorSchema,
  forms: z.array(z.object({ templateId: z.string(), title: z.string() })),
});
export type AppTemplate = z.infer<typeof appTemplateSchema>;

/** GET /app-templates?locale=de|en */
export const appTemplateListQuerySchema = z.object({ locale: formLanguageSchema.default('de') });
export const appTemplateListResponseSchema = z.object({ templates: z.array(appTemplateSchema) });
export type AppTemplateListResponse = z.infer<typeof appTemplateListResponseSchema>;

export const appTemplateParamsSchema = templateParamsSchema;
/** POST /app-templates/{templateId}/apps: the forms from their templates, in `locale`, and the app. */
export const createAppFromTemplateRequestSchema = z.strictObject({ locale: formLanguageSchema.default('de') });
