import { notificationTypes } from '@formwerk/contracts';
import type { InferSchemaType, Types } from 'mongoose';
import { model, Schema } from '../../platform/db';
import { expiresHourField } from '../../platform/expiring-documents';

const notificationSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    type: { type: String, enum: notificationTypes, required: true },
    params: { type: Map, of: String, default: {} },
    link: {
      type: new Schema({ route: { type: String, required: true }, params: { type: Map, of: String } }, { _id: false }),
      default: null,
    },
    /**
     * The submission the notice is about, and its form, if any: deleting or erasing the submission, or
     * deleting the form, takes the notice along.
     */
    submissionId: { type: String, default: null },
    formId: { type: String, default: null },
    isRead: { type: Boolean, default: false },
    isArchived: { type: Boolean, default: false },
    /** Notifications leave after 90 days (FerretDB has no TTL index: housekeeping removes them by hour). */
    expiresAt: { type: Date, required: true },
    expiresHour: expiresHourField,
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
// Each box of the centre is one equality lookup: the inbox, its unread part, the archive.
notificationSchema.index({ userId: 1, isArchived: 1 });
notificationSchema.index({ userId: 1, isRead: 1 });
notificationSchema.index({ submissionId: 1 });
notificationSchema.index({ formId: 1 });

export type NotificationDocument = InferSchemaType<typeof notificationSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
};
export const NotificationModel = model('Notification', notificationSchema);

const preferencesSchema = new Schema({
  /** The user's id: one document per user, only once they changed something. */
  _id: { type: Schema.Types.ObjectId, required: true },
  types: { type: Map, of: new Schema({ inApp: Boolean, mail: Boolean, digest: Boolean }, { _id: false }) },
});
export type NotificationPreferencesDocument = InferSchemaType<typeof preferencesSchema>;
export const NotificationPreferencesModel = model('NotificationPreferences', preferencesSchema);
