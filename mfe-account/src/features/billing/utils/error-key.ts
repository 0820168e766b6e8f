import { ApiError } from '@formwerk/platform';
import { toErrorKey } from '../../../utils/error-key';

// What billing explains in its own words (billing.errors); anything else as every account page does.
const billingCodes = new Set<string>([
  'FORBIDDEN',
  'NOT_FOUND',
  'BILLING_UNAVAILABLE',
  'CHECKOUT_INVALID',
  'SUBSCRIPTION_REQUIRED',
]);

export function toBillingErrorKey(error: unknown): string {
  return error instanceof ApiError && billingCodes.has(error.code) ? `billing.errors.${error.code}` : toErrorKey(error);
}

/** Whether trying the same again may go through: the network, Stripe or our server was away. */
export function isWorthRetrying(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;
}
