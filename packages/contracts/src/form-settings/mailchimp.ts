import { z } from 'zod';
import { elementIdSchema } from '../form-definition.contract';

/**
 * The "mailchimp" tab: each submission subscribes its email answer to an audience. The API key is
 * write-only: responses tell only whether one is stored and its last characters.
 */
export const mailchimpSettingsSchema = z.strictObject({
  isEnabled: z.boolean().default(false),
  audienceId: z.string().max(100).nullable().default(null),
  emailFieldId: elementIdSchema.nullable().default(null),
  firstNameFieldId: elementIdSchema.nullable().default(null),
  lastNameFieldId: elementIdSchema.nullable().default(null),
  doubleOptIn: z.boolean().default(false),
});
export type MailchimpSettings = z.infer<typeof mailchimpSettingsSchema>;
