import { z } from 'zod';

/**
 * The "thankyou" tab: a message after sending (placeholders `{fieldId}`, `{reference}`), or a redirect
 * to an http(s) URL that gets the answers as query values.
 */
export const thankYouSettingsSchema = z
  .strictObject({
    kind: z.enum(['message', 'redirect']).default('message'),
    title: z.string().max(200).default(''),
    message: z.string().max(5000).default(''),
    redirectUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .nullable()
      .default(null),
    /** Whether the redirect carries the answers (`?{fieldId}=value`). */
    redirectWithAnswers: z.boolean().default(true),
  })
  .refine((value) => value.kind !== 'redirect' || value.redirectUrl !== null, {
    message: 'A redirect needs its URL',
    path: ['redirectUrl'],
  });
export type ThankYouSettings = z.infer<typeof thankYouSettingsSchema>;
