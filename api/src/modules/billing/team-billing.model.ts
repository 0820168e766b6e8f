import { planIds, pricingIds, subscriptionStatusSchema } from '@formwerk/contracts';
import { model, Schema } from '../../platform/db';

// A team's plan as the last sync with Stripe left it, `_id` being the team id (docs/decisions/025).
// Only the sync writes the subscription's fields, each time all of them, and only while its ticket is
// newer than the one that wrote them last: a sync takes `syncTicket` (one `$inc`) before it asks Stripe,
// and stores what Stripe answered with `appliedTicket` set to it, so a slow answer read before a newer
// one never overwrites it. A team without this document is on Free and has never been to checkout.
const teamBillingSchema = new Schema(
  {
    _id: { type: Number, required: true },
    /** Stripe's customer of the team, made at its first checkout and kept for every later one. */
    customerId: { type: String, default: null, index: true },
    subscriptionId: { type: String, default: null, index: true },
    /** The plan whose limits apply now: Free unless the subscription is active, trialing or past due. */
    planId: { type: String, enum: planIds, default: 'free' },
    /** What the subscription is for, also while it does not run (incomplete, unpaid); null without one. */
    pricingId: { type: String, enum: [...pricingIds, null], default: null },
    status: { type: String, enum: subscriptionStatusSchema.options, default: 'none' },
    currentPeriodEnd: { type: Date, default: null },
    cancelAtPeriodEnd: { type: Boolean, default: false },
    /**
     * When Stripe last reported a failed and a paid invoice (its events' `created`, kept with `$max`, so
     * the order they arrive in does not matter): the payment is failing while the failure is newer.
     */
    lastPaymentFailedAt: { type: Date, default: null },
    lastPaidAt: { type: Date, default: null },
    syncTicket: { type: Number, default: 0 },
    appliedTicket: { type: Number, default: 0 },
  },
  { versionKey: false, timestamps: { createdAt: false, updatedAt: true } },
);

export type TeamBilling = {
  _id: number;
  customerId: string | null;
  subscriptionId: string | null;
  planId: (typeof planIds)[number];
  pricingId: (typeof pricingIds)[number] | null;
  status: (typeof subscriptionStatusSchema.options)[number];
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  lastPaymentFailedAt: Date | null;
  lastPaidAt: Date | null;
  syncTicket: number;
  appliedTicket: number;
  updatedAt: Date;
};
export const TeamBillingModel = model('TeamBilling', teamBillingSchema, 'team_billing');
