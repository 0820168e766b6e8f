import { z } from 'zod';
import { elementIdSchema } from '../form-definition.contract';
import { objectIdSchema } from '../teams.contract';

/**
 * The "email" tab: who of the team hears of each submission, and the respondent's confirmation mail.
 * Subject and body take placeholders `{fieldId}` (an answer), `{formTitle}`, `{reference}`.
 */
export const emailSettingsSchema = z.strictObject({
  notify: z
    .strictObject({
      userIds: z.array(objectIdSchema).max(200).default([]),
      groupIds: z.array(objectIdSchema).max(100).default([]),
    })
    .default({ userIds: [], groupIds: [] }),
  confirmation: z
    .strictObject({
      isEnabled: z.boolean().default(false),
      /** The email field whose answer receives the mail. */
      emailFieldId: elementIdSchema.nullable().default(null),
      subject: z.string().max(300).default(''),
      body: z.string().max(20_000).default(''),
    })
    .default({ isEnabled: false, emailFieldId: null, subject: '', body: '' }),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;
