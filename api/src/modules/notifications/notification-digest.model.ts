import { notificationTypes } from '@formwerk/contracts';
import type { InferSchemaType, Types } from 'mongoose';
import { model, Schema } from '../../platform/db';
import { expiresHourField } from '../../platform/expiring-documents';

const digestNoticeSchema = new Schema(
  {
    type: { type: String, enum: notificationTypes, required: true },
    params: { type: Map, of: String, default: {} },
    link: {
      type: new Schema({ route: { type: String, required: true }, params: { type: Map, of: String } }, { _id: false }),
      default: null,
    },
    /** The notification in the centre, to leave out what was read by then; null when the type is off in the app. */
    notificationId: { type: Schema.Types.ObjectId, default: null },
    createdAt: { type: Date, required: true },
  },
  { _id: false },
);

/**
 * What one user's daily digest mail will list: one document per user and digest day, found and removed
 * by its id alone (`<userId>:<day>`), so collecting and sending are equality lookups. It carries the
 * notices themselves, not only ids: a type may come by digest while it is off in the app.
 */
const notificationDigestSchema = new Schema({
  _id: { type: String, required: true },
  userId: { type: Schema.Types.ObjectId, required: true },
  /** The day, counted from 1970 on the Berlin calendar, whose morning the digest goes out. */
  day: { type: Number, required: true },
  /** How many notices the day brought; only the first `digestListLimit` are kept in `notices`. */
  count: { type: Number, required: true, default: 0 },
  notices: { type: [digestNoticeSchema], default: [] },
  /** Set once the job that sends it is queued (a failed queueing is tried again by the next notice). */
  isQueued: { type: Boolean, required: true, default: false },
  /** A digest whose job was lost goes after a week (housekeeping, by hour). */
  expiresAt: { type: Date, required: true },
  expiresHour: expiresHourField,
});

export type NotificationDigestDocument = InferSchemaType<typeof notificationDigestSchema> & {
  _id: string;
  userId: Types.ObjectId;
};
export const NotificationDigestModel = model('NotificationDigest', notificationDigestSchema);
