import { deliveryChannels } from '@formwerk/contracts';
import type { InferSchemaType, Types } from 'mongoose';
import { model, Schema } from '../../platform/db';
import type { Notice } from '../notifications/notifications.service';

/**
 * One mail or Mailchimp subscription that a submission sets off, and how its job fared. A failed one
 * stays listed in its tab (with Mailchimp's or the mail server's reason) until a retry succeeds; what
 * was to be sent is dropped once it went out, so answers are not kept twice.
 */
const formDeliverySchema = new Schema(
  {
    formId: { type: Schema.Types.ObjectId, required: true },
    submissionId: { type: Schema.Types.ObjectId, required: true },
    channel: { type: String, enum: deliveryChannels, required: true },
    /** The recipient's or subscriber's email address. */
    to: { type: String, required: true },
    // Dropped: a subscription whose form or Mailchimp connection was removed before it ran.
    status: { type: String, enum: ['queued', 'sent', 'failed', 'dropped'], required: true, default: 'queued' },
    attempts: { type: Number, required: true, default: 0 },
    /** False once retrying cannot help (Mailchimp refused the data) or the retries are used up. */
    willRetry: { type: Boolean, required: true, default: true },
    lastError: { type: String, default: null },
    lastAttemptAt: { type: Date, default: null },
    /** A mail: rendered when queued, in the recipient's language; the link gets the site's address when sent. */
    mail: { type: Schema.Types.Mixed, default: null },
    /** A subscription: the names mapped from the answers (key and audience are read when it runs). */
    subscriber: { type: Schema.Types.Mixed, default: null },
    /** A mail to a member of the team: their account, whose notification centre hears of it too. */
    userId: { type: String, default: null },
    /** That notification until it is published (then null, so a retried mail does not publish it twice). */
    notice: { type: Schema.Types.Mixed, default: null },
  },
  { timestamps: true, minimize: false },
);
formDeliverySchema.index({ formId: 1, status: 1, lastAttemptAt: -1 });
// A respondent's export and erasure find what their submission set off (module privacy).
formDeliverySchema.index({ submissionId: 1 });

/** A mail as queued: paragraphs of plain text and, for the team, a link to the submission. */
export type QueuedMail = {
  locale: 'de' | 'en';
  subject: string;
  paragraphs: string[];
  action: { label: string; path: string } | null;
};
export type Subscriber = { firstName: string; lastName: string };

export type FormDelivery = Omit<InferSchemaType<typeof formDeliverySchema>, 'mail' | 'subscriber' | 'notice'> & {
  _id: Types.ObjectId;
  mail: QueuedMail | null;
  subscriber: Subscriber | null;
  notice: Notice | null;
};
export const FormDeliveryModel = model('FormDelivery', formDeliverySchema);
