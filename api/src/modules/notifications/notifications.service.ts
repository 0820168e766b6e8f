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
  typesWithoutMailChoice,
  unreadCap,
} from '@formwerk/contracts';
import { AppError } from '../../platform/errors';
import { defineExpiringCollection, type ExpiringCollection, expiryHourOf } from '../../platform/expiring-documents';
import {
  type NotificationDocument,
  NotificationModel,
  type NotificationPreferencesDocument,
  NotificationPreferencesModel,
} from './notification.model';
import { NotificationDigestModel } from './notification-digest.model';
import { addToDigest } from './notification-digest.service';
import { announceChange } from './notification-stream';

const keepDays = 90;
const dayMs = 86_400_000;

const expiringNotices = defineExpiringCollection(NotificationModel, 'expiresAt');
const expiringDigests = defineExpiringCollection(NotificationDigestModel, 'expiresAt');
/** The centre's notifications and the digests whose job was lost: housekeeping's one entry for this module. */
export const expiringNotifications: ExpiringCollection = {
  name: expiringNotices.name,
  removeExpiringIn: async (hour) =>
    (await expiringNotices.removeExpiringIn(hour)) + (await expiringDigests.removeExpiringIn(hour)),
  sweep: async (now) => (await expiringNotices.sweep(now)) + (await expiringDigests.sweep(now)),
};

/**
 * What every user gets until they choose otherwise: everything in the app, mail at once for what needs
 * them, no daily digest.
 */
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
  // What keeps the team's forms working: the owners and admins hear of it at once.
  paymentFailed: { inApp: true, mail: true, digest: false },
  submissionLimitReached: { inApp: true, mail: true, digest: false },
  storageFull: { inApp: true, mail: true, digest: false },
};

export type Notice = {
  type: NotificationType;
  params: Record<string, string>;
  link: { route: string; params: Record<string, string> } | null;
  /**
   * The submission it is about (a response, an approval request) and its form: deleting or erasing the
   * submission, or deleting the form, ends the notice.
   */
  submissionId?: string;
  formId?: string;
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
  const chosen = (stored?.types ?? {}) as Partial<Record<NotificationType, Partial<NotificationChannels>>>;
  return {
    types: Object.fromEntries(
      notificationTypes.map((type) => {
        const channels = { ...defaultChannels[type], ...chosen[type] };
        // Choices stored before the digest existed lack it; instant mail and digest never hold together.
        return [type, { ...channels, digest: Boolean(channels.digest) && !channels.mail && canDigest(type) }];
      }),
    ) as NotificationPreferences['types'],
  };
}

/**
 * A type whose mail the form's settings decide (a new response) has no digest either: it would be a
 * second mail about what that setting sends or withholds, and busy forms would fill it.
 */
const canDigest = (type: NotificationType) => !typesWithoutMailChoice.includes(type);

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

/**
 * Whether `userId` wants a mail at once for `type` (the callers that send mails ask first). A type
 * chosen for the daily digest answers false: `notify` collects it for the digest instead.
 */
export async function wantsMail(userId: string, type: NotificationType): Promise<boolean> {
  return (await findPreferences(userId)).types[type].mail;
}

/**
 * Puts `notice` into the centre of each user who wants it in the app, and tells their open pages; and
 * into the next daily digest of each user who chose the digest for its type.
 */
export async function notify(userIds: readonly string[], notice: Notice, now = new Date()): Promise<void> {
  const recipients: { userId: string; isInApp: boolean; isDigested: boolean }[] = [];
  for (const userId of new Set(userIds)) {
    const { inApp, digest } = (await findPreferences(userId)).types[notice.type];
    if (inApp || digest) recipients.push({ userId, isInApp: inApp, isDigested: digest });
  }
  const inApp = recipients.filter((recipient) => recipient.isInApp);
  const expiresAt = new Date(now.getTime() + keepDays * dayMs);
  const inserted =
    inApp.length === 0
      ? []
      : await NotificationModel.insertMany(
          inApp.map(({ userId }) => ({ userId, ...notice, expiresAt, expiresHour: expiryHourOf(expiresAt) })),
        );
  const notificationIdOf = new Map(inserted.map((document) => [document.userId.toString(), document._id]));
  for (const { userId } of inApp) announceChange(userId);
  for (const { userId, isDigested } of recipients) {
    if (isDigested) await addToDigest(userId, notice, notificationIdOf.get(userId) ?? null, now);
  }
}

/**
 * Removes the notices about a submission that was deleted or erased, or about any submission of a form
 * that was deleted (by the indexed equality on either), and tells their people's open pages. A digest
 * still to go leaves them out, as it leaves out what was read.
 */
export async function forgetNotificationsAbout(about: { submissionId: string } | { formId: string }): Promise<void> {
  const notices = await NotificationModel.find(about, { userId: 1 }).lean<Pick<NotificationDocument, 'userId'>[]>();
  if (notices.length === 0) return;
  await NotificationModel.deleteMany(about);
  for (const userId of new Set(notices.map((notice) => notice.userId.toString()))) announceChange(userId);
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
