import { pricingIds } from '@formwerk/contracts';
import { model, Schema } from '../../platform/db';

// The Checkout Sessions the api made, `_id` being Stripe's session id: whose team and which plan a
// session is for, so the return page and the webhook find the team however little Stripe's copy says
// (stripe-mock's carries neither). `subscriptionId` once its completion was seen.
const checkoutSessionSchema = new Schema(
  {
    _id: { type: String, required: true },
    teamId: { type: Number, required: true },
    pricingId: { type: String, enum: pricingIds, required: true },
    customerId: { type: String, required: true },
    /** The locale of the person who started it: the return page of the test checkout is theirs. */
    locale: { type: String, enum: ['de', 'en'], required: true },
    subscriptionId: { type: String, default: null, index: true },
  },
  { versionKey: false, timestamps: { createdAt: true, updatedAt: false } },
);

export type CheckoutSession = {
  _id: string;
  teamId: number;
  pricingId: (typeof pricingIds)[number];
  customerId: string;
  locale: 'de' | 'en';
  subscriptionId: string | null;
  createdAt: Date;
};
export const CheckoutSessionModel = model('CheckoutSession', checkoutSessionSchema, 'checkout_sessions');
