import { z } from 'zod';

/**
 * The "reference" tab: a number for each submission from a pattern, e.g. `HR-2026-00042` for prefix
 * `HR-`, the year and a five-digit per-form counter.
 */
export const referenceSettingsSchema = z.strictObject({
  isEnabled: z.boolean().default(false),
  prefix: z
    .string()
    .regex(/^[A-Za-z0-9_./-]{0,20}$/)
    .default(''),
  includeYear: z.boolean().default(true),
  padding: z.number().int().min(1).max(10).default(5),
});
export type ReferenceSettings = z.infer<typeof referenceSettingsSchema>;
