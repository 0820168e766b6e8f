import type {
  BillingResponse,
  CheckoutRequest,
  CheckoutSyncRequest,
  PlanChangeRequest,
  RedirectResponse,
  TestCheckoutRequest,
} from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

// The team's plan (docs/decisions/025): every change answers the team's billing as it is afterwards.
export const findBilling = () => apiRequest<BillingResponse>('/billing');

export const changePlan = (request: PlanChangeRequest) =>
  apiRequest<BillingResponse>('/billing/change', { method: 'POST', body: request });

export const cancelSubscription = () => apiRequest<BillingResponse>('/billing/cancel', { method: 'POST' });

export const resumeSubscription = () => apiRequest<BillingResponse>('/billing/resume', { method: 'POST' });

// Where the browser goes next: Stripe's pages, or in test mode the site's own.
export const startCheckout = (request: CheckoutRequest) =>
  apiRequest<RedirectResponse>('/billing/checkout', { method: 'POST', body: request });

export const openPortal = () => apiRequest<RedirectResponse>('/billing/portal', { method: 'POST' });

// What it answers is not read: the page goes on to the return page, whose sync tells the outcome.
export const completeTestCheckout = (request: TestCheckoutRequest) =>
  apiRequest<unknown>('/billing/test-checkout', { method: 'POST', body: request });

export const syncCheckout = (request: CheckoutSyncRequest) =>
  apiRequest<BillingResponse>('/billing/sync', { method: 'POST', body: request });
