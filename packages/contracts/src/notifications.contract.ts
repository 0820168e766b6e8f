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

/** Types whose mail is chosen elsewhere (a form's own email settings), not in the user's preferences. */
export const typesWithoutMailChoice: readonly NotificationType[] = ['submissionReceived'];

/** How a user wants each type: in the app, by mail at once, or in one mail a day. */
export const notificationChannelsSchema = z.strictObject({
  inApp: z.boolean(),
  mail: z.boolean(),
  digest: z.boolean(),
});
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;
export const notificationPreferencesSchema = z.strictObject({
  types: z.record(notificationTypeSchema, notificationChannelsSchema),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
