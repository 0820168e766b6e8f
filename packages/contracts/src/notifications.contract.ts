import { z } from 'zod';
import { objectIdSchema } from './teams.contract';

/**
 * The notification centre (issue "Approval workflows"): what the api tells a user in the app.
 * A notification stores what happened as a type and parameters, not a sentence, so each reader sees
 * it in their own language; `link` names a route of the route table and its parameters.
 */
export const notificationTypes = [
  /** A new approval task for me (also a pool task I may claim). */
  'taskAssigned',
  /** A task of mine nears or passed its deadline. */
  'taskReminder',
  /** A task passed its deadline and was escalated to me, or away from me. */
  'taskEscalated',
  /** A request I take part in ended: approved, rejected, withdrawn or cancelled. */
  'requestDecided',
  /** An approver asks me to change my request. */
  'changesRequested',
  /** Someone commented on a task I take part in. */
  'taskCommented',
  /** A running step lost an assignee (a deleted user or group): for team admins. */
  'assigneeMissing',
  /** A form of my team has a new response (to those its email tab notifies). */
  'submissionReceived',
  /** A payment of my team's plan failed: the card needs updating (to the team's owners and admins). */
  'paymentFailed',
  /** My team's forms took all the submissions its plan allows this month (owners and admins, once a month). */
  'submissionLimitReached',
  /**
   * My team's storage is full, so a respondent's file was refused (owners and admins, once until the
   * team makes room).
   */
  'storageFull',
] as const;
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  type: notificationTypeSchema,
  /** Values the sentence of the type names: workflowName, stepLabel, formTitle, actor, outcome, … */
  params: z.record(z.string(), z.string()),
  link: z.object({ route: z.string(), params: z.record(z.string(), z.string()) }).nullable(),
  isRead: z.boolean(),
  isArchived: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationBoxSchema = z.enum(['inbox', 'unread', 'archive']);
export type NotificationBox = z.infer<typeof notificationBoxSchema>;

export const notificationListQuerySchema = z.object({
  box: notificationBoxSchema.default('inbox'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/** Unread count (at most `unreadCap`, shown as "99+") and the newest few: the bell, and each stream event. */
export const unreadCap = 100;
export const notificationSummarySchema = z.object({
  unread: z.number().int().min(0).max(unreadCap),
  latest: z.array(notificationSchema).max(5),
});
export type NotificationSummary = z.infer<typeof notificationSummarySchema>;

export const notificationParamsSchema = z.object({ notificationId: objectIdSchema });

/**
 * Types whose mail is chosen elsewhere (a form's own email settings), not in the user's preferences:
 * neither an instant mail nor the daily digest is offered for them.
 */
export const typesWithoutMailChoice: readonly NotificationType[] = ['submissionReceived'];

/**
 * The hour (Europe/Berlin) the daily digest goes out: one mail with what came since the same hour the
 * day before.
 */
export const notificationDigestHour = 7;

/**
 * How a user wants each type: in the app, and by mail at once (`mail`) or in one mail a day
 * (`digest`), never both.
 */
export const notificationChannelsSchema = z.strictObject({
  inApp: z.boolean(),
  mail: z.boolean(),
  digest: z.boolean(),
});
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

/** How each type reaches the user by mail: not at all, at once, or in the daily digest. */
export const mailModes = ['none', 'instant', 'digest'] as const;
export type MailMode = (typeof mailModes)[number];

export function mailModeOf(channels: NotificationChannels): MailMode {
  if (channels.digest) return 'digest';
  return channels.mail ? 'instant' : 'none';
}

export const notificationPreferencesSchema = z
  .strictObject({
    types: z.record(notificationTypeSchema, notificationChannelsSchema),
  })
  .superRefine((preferences, context) => {
    for (const [type, channels] of Object.entries(preferences.types) as [NotificationType, NotificationChannels][]) {
      if (channels.mail && channels.digest) {
        context.addIssue({
          code: 'custom',
          path: ['types', type, 'digest'],
          message: 'A type comes by mail at once or in the daily digest, not both',
        });
      }
      if (channels.digest && typesWithoutMailChoice.includes(type)) {
        context.addIssue({
          code: 'custom',
          path: ['types', type, 'digest'],
          message: 'The mail of this type is chosen in the form settings',
        });
      }
    }
  });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
