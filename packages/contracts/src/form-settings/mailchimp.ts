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

/** A Mailchimp API key: 32 hex digits, a dash and the data center it lives in (e.g. `-us21`). */
export const mailchimpApiKeySchema = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{32}-[a-z]{2,4}[0-9]{1,3}$/);

/**
 * POST /forms/{formId}/mailchimp/audiences: the audiences of the account, with a key being connected
 * or, left out, the stored one (a POST, so a key never appears in a URL or an access log).
 */
export const mailchimpAudiencesRequestSchema = z.strictObject({ apiKey: mailchimpApiKeySchema.optional() });
export type MailchimpAudiencesRequest = z.input<typeof mailchimpAudiencesRequestSchema>;

export const mailchimpAudienceSchema = z.object({ id: z.string(), name: z.string(), memberCount: z.number().int() });
export type MailchimpAudience = z.infer<typeof mailchimpAudienceSchema>;

/** Why the audiences could not be listed: the UI says it in its words; `message` is Mailchimp's, for support. */
export const mailchimpProblems = ['noKey', 'keyRejected', 'unreachable', 'failed'] as const;
export type MailchimpProblem = (typeof mailchimpProblems)[number];

/** Reaching Mailchimp is part of the answer, not an error of our api: a failed connection is a 200 too. */
export const mailchimpAudiencesResponseSchema = z.discriminatedUnion('isConnected', [
  z.object({ isConnected: z.literal(true), audiences: z.array(mailchimpAudienceSchema) }),
  z.object({ isConnected: z.literal(false), problem: z.enum(mailchimpProblems), message: z.string() }),
]);
export type MailchimpAudiencesResponse = z.infer<typeof mailchimpAudiencesResponseSchema>;
