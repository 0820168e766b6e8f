import { z } from 'zod';
import { localeSchema, newPasswordSchema } from './auth.contract';

export const profileUpdateRequestSchema = z
  .strictObject({ name: z.string().trim().min(1).max(100).optional(), locale: localeSchema.optional() })
  .refine((update) => update.name !== undefined || update.locale !== undefined, 'Nothing to change');
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

export const passwordChangeRequestSchema = z.strictObject({
  currentPassword: z.string().min(1).max(200),
  newPassword: newPasswordSchema,
});
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;

export const activeSessionSchema = z.object({
  id: z.string(),
  userAgent: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  isCurrent: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
export const activeSessionListSchema = z.object({ sessions: z.array(activeSessionSchema) });
export type ActiveSessionList = z.infer<typeof activeSessionListSchema>;
