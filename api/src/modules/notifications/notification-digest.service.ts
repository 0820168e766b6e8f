import type { NotificationType } from '@formwerk/contracts';
import { routeTable } from '@formwerk/platform/route-table';
import type { Types } from 'mongoose';
import { expiryHourOf } from '../../platform/expiring-documents';
import { enqueueJob, type JobDefinition } from '../../platform/jobs';
import { queueMail } from '../mail/mail.service';
import type { DigestItem } from '../mail/mail-messages';
import { findUserById } from '../users/users.service';
import { digestDayOf, digestTimeOf } from './digest-schedule';
import { type NotificationDocument, NotificationModel } from './notification.model';
import { type NotificationDigestDocument, NotificationDigestModel } from './notification-digest.model';

export const sendDigestJobName = 'send-notification-digest';
export type SendDigestJob = { digestId: string };

/** A digest lists this many notices; it counts the rest ("… and 12 more"), which the centre shows. */
export const digestListLimit = 50;
const keepUnsentMs = 7 * 86_400_000;

/** The pages notifications link to, by route name: the shell's route table (packages/platform). */
const routePaths = new Map(
  routeTable.flatMap((route) => (typeof route.path === 'string' ? [[route.name, route.path] as const] : [])),
);

export type DigestNotice = {
  type: NotificationType;
  params: Record<string, string>;
  link: { route: string; params: Record<string, string> } | null;
};

export const digestIdOf = (userId: string, day: number) => `${userId}:${day}`;

/**
 * Adds a notice to the user's next digest. The first notice of a digest queues the one job that sends
 * it at the digest hour; should queueing fail, the next notice tries again (the job is idempotent, so
 * a second one would do no harm).
 */
export async function addToDigest(
  userId: string,
  notice: DigestNotice,
  notificationId: Types.ObjectId | null,
  now: Date,
): Promise<void> {
  const day = digestDayOf(now);
  const sendAt = digestTimeOf(day);
  const digestId = digestIdOf(userId, day);
  const expiresAt = new Date(sendAt.getTime() + keepUnsentMs);
  const digest = await NotificationDigestModel.findOneAndUpdate(
    { _id: digestId },
    {
      $inc: { count: 1 },
      $setOnInsert: { userId, day, isQueued: false, expiresAt, expiresHour: expiryHourOf(expiresAt) },
    },
    // No projection: FerretDB v1 does not implement one on findAndModify.
    { upsert: true, new: true },
  ).lean<Pick<NotificationDigestDocument, 'count' | 'isQueued'>>();
  if (!digest) throw new Error(`Digest ${digestId} was not stored`);
  // Counted always, kept up to the limit: the document of a busy day stays small.
  if (digest.count <= digestListLimit) {
    await NotificationDigestModel.updateOne(
      { _id: digestId },
      { $push: { notices: { ...notice, notificationId, createdAt: now } } },
    );
  }
  if (digest.isQueued) return;
  // Of two notices arriving together, one queues the job.
  const claimed = await NotificationDigestModel.updateOne(
    { _id: digestId, isQueued: false },
    { $set: { isQueued: true } },
  );
  if (claimed.modifiedCount === 0) return;
  try {
    await enqueueJob(sendDigestJobName, { digestId } satisfies SendDigestJob, {
      delayMs: Math.max(0, sendAt.getTime() - Date.now()),
    });
  } catch (error) {
    await NotificationDigestModel.updateOne({ _id: digestId }, { $set: { isQueued: false } });
    throw error;
  }
}

function pathOf(link: DigestNotice['link']): string | null {
  const pattern = link ? routePaths.get(link.route) : undefined;
  if (!link || !pattern) return null;
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(link.params[name] ?? ''));
}

/** A digest as read with `.lean()`: its notices' maps are plain objects. */
type StoredDigest = Omit<NotificationDigestDocument, 'notices'> & {
  notices: {
    type: NotificationType;
    params?: Record<string, string> | null;
    link?: { route: string; params?: Record<string, string> | null } | null;
    notificationId?: Types.ObjectId | null;
  }[];
};

/**
 * Sends one digest as one mail in the user's language, once. The job claims the digest by removing it
 * first, so a retried or doubled job finds nothing and sends nothing; if queueing the mail fails, the
 * digest is put back for the retry. (The mail itself is the send-mail job's to deliver and retry.)
 */
export async function sendDigest({ digestId }: SendDigestJob): Promise<void> {
  const digest = await NotificationDigestModel.findOneAndDelete({ _id: digestId }).lean<StoredDigest>();
  if (!digest) return;
  const user = await findUserById(digest.userId.toString());
  if (!user) return;
  const notices = digest.notices ?? [];
  // What the user already read (or archived, or removed) in the centre by now is left out: they have
  // seen it. A notice of a type that is off in the app has no notification and is always listed.
  const unread = new Set(
    (
      await NotificationModel.find({ userId: digest.userId, isRead: false }, { _id: 1 }).lean<
        Pick<NotificationDocument, '_id'>[]
      >()
    ).map((notification) => notification._id.toString()),
  );
  const items: DigestItem[] = notices
    .filter((notice) => !notice.notificationId || unread.has(notice.notificationId.toString()))
    .map((notice) => ({
      type: notice.type,
      params: { ...notice.params },
      path: pathOf(notice.link ? { route: notice.link.route, params: { ...notice.link.params } } : null),
    }));
  const notListed = Math.max(0, digest.count - notices.length);
  if (items.length === 0) return;
  try {
    await queueMail({
      kind: 'notification-digest',
      to: user.email,
      locale: user.locale as 'de' | 'en',
      name: user.name,
      items,
      moreCount: notListed,
    });
  } catch (error) {
    // Back for the retry; a digest of the same id started meanwhile would make this fail: that one has
    // its own job, and the first error is the one worth reporting.
    await NotificationDigestModel.create(digest).catch(() => undefined);
    throw error;
  }
}

/** The job that sends a user's daily digest at the digest hour. */
export const sendDigestJob: JobDefinition<SendDigestJob> = { name: sendDigestJobName, run: sendDigest };
