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

/** Which deliveries of a form's submissions a tab lists: mails (email tab) or subscriptions (mailchimp tab). */
export const deliveryChannels = ['teamMail', 'confirmationMail', 'mailchimp'] as const;
export type DeliveryChannel = (typeof deliveryChannels)[number];

/** GET /forms/{formId}/notifications/failures?kind=mail|mailchimp */
export const deliveryFailuresQuerySchema = z.object({ kind: z.enum(['mail', 'mailchimp']) });

/**
 * A mail or subscription of a submission that did not go through (yet): while `willRetry`, the job
 * tries again later; a later success takes it off the list.
 */
export const deliveryFailureSchema = z.object({
  at: z.iso.datetime(),
  channel: z.enum(deliveryChannels),
  to: z.string(),
  message: z.string(),
  attempts: z.number().int(),
  willRetry: z.boolean(),
  submissionId: z.string(),
});
export type DeliveryFailure = z.infer<typeof deliveryFailureSchema>;

/** The latest failures first, at most 10. */
export const deliveryFailuresResponseSchema = z.object({ failures: z.array(deliveryFailureSchema) });
export type DeliveryFailuresResponse = z.infer<typeof deliveryFailuresResponseSchema>;
