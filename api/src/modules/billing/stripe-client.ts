import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { AppError } from '../../platform/errors';

/** How old a webhook's signature may be: Stripe's own default, the 300 s. */
export const webhookToleranceSeconds = 300;

export type BillingSettings = {
  /** Stripe's secret key (STRIPE_SECRET_KEY); in test mode any key, stripe-mock takes every one. */
  secretKey: string | undefined;
  /** stripe-mock's address (STRIPE_API_URL): test mode, nothing is charged. */
  apiUrl: string | undefined;
  /** The signing secret of the webhook endpoint (STRIPE_WEBHOOK_SECRET, `whsec_…`). */
  webhookSecret: string | undefined;
  /** The site's address: the pages Stripe sends the browser back to. */
  publicUrl: string;
};

type Billing = { stripe: Stripe; isTestMode: boolean; webhookSecret: string; publicUrl: string };

let billing: Billing | null = null;

/**
 * Sets up the Stripe client at start: test mode when `apiUrl` names stripe-mock, Stripe itself with a
 * secret key alone, and no payments at all without either (every team stays on Free).
 */
export function configureBilling(settings: BillingSettings): void {
  if (!settings.apiUrl && !settings.secretKey) {
    billing = null;
    return;
  }
  const mock = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey ?? 'sk_test_formwerk', {
    ...(mock && {
      host: mock.hostname,
      port: mock.port || (mock.protocol === 'https:' ? 443 : 80),
      protocol: mock.protocol === 'https:' ? 'https' : 'http',
    }),
    // One retry of a call that failed on the way (Stripe's idempotency keys make it safe), and an
    // answer within 10 s, so a page waiting on Stripe never hangs.
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: 'Formwerk' },
  });
  billing = {
    stripe,
    isTestMode: mock !== null,
    // In test mode only the api itself signs events (its test checkout): a secret of this process will do.
    webhookSecret: settings.webhookSecret ?? `whsec_${randomBytes(24).toString('base64url')}`,
    publicUrl: settings.publicUrl,
  };
}

/** Payments go to stripe-mock: nothing is charged, and the checkout page is the site's own. */
export function isTestMode(): boolean {
  return billing?.isTestMode ?? false;
}

/** The configured client and webhook secret, or 503 BILLING_UNAVAILABLE when payments are not set up. */
export function requireBilling(): Billing {
  if (!billing) throw new AppError('BILLING_UNAVAILABLE', 503, 'Payments are not set up on this site');
  return billing;
}

/**
 * One call to Stripe; any failure of it (Stripe down, slow, refusing) becomes 503 BILLING_UNAVAILABLE
 * with Stripe's reason in the log (the error's cause), and the caller changes nothing after it.
 */
export async function callStripe<T>(what: string, call: (stripe: Stripe) => Promise<T>): Promise<T> {
  const { stripe } = requireBilling();
  try {
    return await call(stripe);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    const failure = new AppError('BILLING_UNAVAILABLE', 503, `Stripe did not ${what}: ${error.message}`);
    failure.cause = error;
    throw failure;
  }
}
