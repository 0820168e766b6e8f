import { model, Schema } from '../../platform/db';
import { expiresHourField } from '../../platform/expiring-documents';

// The webhook events taken, `_id` being Stripe's event id: storing it is what lets an event through
// once (a second insert of the id fails on the unique `_id`). Kept 30 days, ten times as long as
// Stripe goes on retrying one; an event whose handling failed is removed again, so the retry counts.
const stripeEventSchema = new Schema(
  {
    _id: { type: String, required: true },
    type: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    expiresHour: expiresHourField,
  },
  { versionKey: false, timestamps: { createdAt: true, updatedAt: false } },
);

export const StripeEventModel = model('StripeEvent', stripeEventSchema, 'stripe_events');
