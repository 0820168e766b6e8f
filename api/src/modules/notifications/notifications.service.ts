import {
  type Notification,
  type NotificationChannels,
  type NotificationListQuery,
  type NotificationListResponse,
  type NotificationPreferences,
  type NotificationSummary,
  type NotificationType,
  notificationListQuerySchema,
  notificationTypes,
  unreadCap,
} from '@formwerk/contracts';
import { AppError } from '../../platform/errors';
import { defineExpiringCollection, expiryHourOf } from '../../platform/expiring-documents';
import {
  type NotificationDocument,
  NotificationModel,
  type NotificationPreferencesDocument,
  NotificationPreferencesModel,
} from './notification.model';
import { announceChange } from './notification-stream';

const keepDays = 90;
const dayMs = 86_400_000;

export const expiringNotifications = defineExpiringCollection(NotificationModel, 'expiresAt');

/** What every user gets until they choose otherwise: everything in the app, mail for what needs them. */
export const defaultChannels: Record<NotificationType, NotificationChannels> = {
  taskAssigned: { inApp: true, mail: true, digest: false },
  taskReminder: { inApp: true, mail: true, digest: false },
  taskEscalated: { inApp: true, mail: true, digest: false },
  requestDecided: { inApp: true, mail: true, digest: false },
  changesRequested: { inApp: true, mail: true, digest: false },
  taskCommented: { inApp: true, mail: false, digest: false },
  assigneeMissing: { inApp: true, mail: true, digest: false },
  // The mail of a new response is the form's to send (its email tab), not a choice of each user.
  submissionReceived: { inApp: true, mail: false, digest: false },
};

export type Notice = {
  type: NotificationType;
  params: Record<string, string>;
  link: { route: string; params: Record<string, string> } | null;
};

function toNotificationDto(document: NotificationDocument): Notification {
  const link = document.link as { route: string; params?: Map<string, string> | Record<string, string> } | null;
  return {
    id: document._id.toString(),
    type: document.type as NotificationType,
    params: Object.fromEntries(Object.entries(document.params ?? {})),
    link: link ? { route: link.route, params: Object.fromEntries(Object.entries(link.params ?? {})) } : null,
    isRead: document.isRead,
    isArchived: document.isArchived,
    createdAt: document.createdAt.toISOString(),
  };
}

const newestFirst = (left: NotificationDocument, right: NotificationDocument) =>
  right.createdAt.getTime() - left.createdAt.getTime();

export async function findPreferences(userId: string): Promise<NotificationPreferences> {
  const stored = await NotificationPreferencesModel.findById(userId).lean<NotificationPreferencesDocument>();
  const chosen = (stored?.types ?? {}) as Partial<Record<NotificationType, NotificationChannels>>;
  return {
    types: Object.fromEntries(
      notificationTypes.map((type) => [type, { ...defaultChannels[type], ...chosen[type] }]),
    ) as NotificationPreferences['types'],
  };
}

export async function savePreferences(
  userId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  await NotificationPreferencesModel.updateOne(
    { _id: userId },
    { $set: { types: preferences.types } },
    { upsert: true },
  );
  return findPreferences(userId);
}

/** Whether `userId` wants a mail at once for `type` (the callers that send mails ask first). */
export async function wantsMail(userId: string, type: NotificationType): Promise<boolean> {
  return (await findPreferences(userId)).types[type].mail;
}

/** Puts `notice` into the centre of each user who wants it in the app, and tells their open pages. */
export async function notify(userIds: readonly string[], notice: Notice, now = new Date()): Promise<void> {
  const recipients: string[] = [];
  for (const userId of new Set(userIds)) {
    if ((await findPreferences(userId)).types[notice.type].inApp) recipients.push(userId);
  }
  if (recipients.length === 0) return;
  const expiresAt = new Date(now.getTime() + keepDays * dayMs);
  await NotificationModel.insertMany(
    recipients.map((userId) => ({ userId, ...notice, expiresAt, expiresHour: expiryHourOf(expiresAt) })),
  );
  for (const userId of recipients) announceChange(userId);
}

/**
 * The bell: how many are unread (counted up to `unreadCap`, shown as "99+": an equality lookup on
 * the user's unread ones, which stay few, since they expire) and the newest few of the inbox.
 */
export async function findSummary(userId: string): Promise<NotificationSummary> {
  const unread = await NotificationModel.find({ userId, isRead: false }, { isArchived: 1, createdAt: 1 })
    .limit(unreadCap * 2)
    .lean<NotificationDocument[]>();
  const inbox = await NotificationModel.find({ userId, isArchived: false }).lean<NotificationDocument[]>();
  return {
    unread: Math.min(unreadCap, unread.filter((document) => !document.isArchived).length),
    latest: inbox.sort(newestFirst).slice(0, 5).map(toNotificationDto),
  };
}

export async function listNotifications(
  userId: string,
  query: NotificationListQuery,
): Promise<NotificationListResponse> {
  const { box, page, pageSize } = notificationListQuerySchema.parse(query);
  const filter = box === 'unread' ? { userId, isRead: false } : { userId, isArchived: box === 'archive' };
  const documents = (await NotificationModel.find(filter).lean<NotificationDocument[]>())
    .filter((document) => box !== 'unread' || !document.isArchived)
    .sort(newestFirst);
  return {
    notifications: documents.slice((page - 1) * pageSize, page * pageSize).map(toNotificationDto),
    total: documents.length,
    page,
    pageSize,
  };
}

async function changeOne(userId: string, notificationId: string, change: Partial<NotificationDocument>) {
  const updated = await NotificationModel.findOneAndUpdate(
    { _id: notificationId, userId },
    { $set: change },
    { new: true },
  ).lean<NotificationDocument>();
  if (!updated) throw new AppError('NOT_FOUND', 404, 'No such notification');
  announceChange(userId);
  return toNotificationDto(updated);
}

export const markRead = (userId: string, notificationId: string, isRead: boolean) =>
  changeOne(userId, notificationId, { isRead });

/** Archiving reads it too: the archive holds what is dealt with. */
export const archiveNotification = (userId: string, notificationId: string, isArchived: boolean) =>
  changeOne(userId, notificationId, isArchived ? { isArchived, isRead: true } : { isArchived });

export async function markAllRead(userId: string): Promise<void> {
  await NotificationModel.updateMany({ userId, isRead: false }, { $set: { isRead: true } });
  announceChange(userId);
}
