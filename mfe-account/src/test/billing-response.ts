import type { BillingResponse, Invoice } from '@formwerk/contracts';

const gigabyte = 1024 ** 3;

/** A team on Pro, monthly, renewing on 22 December 2026, as GET /billing answers it; `changes` on top. */
export function billingOf(changes: Partial<BillingResponse> = {}): BillingResponse {
  return {
    planId: 'pro',
    pricingId: 'pro-month',
    status: 'active',
    currentPeriodEnd: '2026-12-22T10:00:00.000Z',
    cancelAtPeriodEnd: false,
    isPaymentFailing: false,
    isTestMode: false,
    mayManage: true,
    usage: {
      forms: { used: 12, allowed: null },
      submissionsPerMonth: { used: 20_500, allowed: 25_000 },
      storageBytes: { used: 1.5 * gigabyte, allowed: 20 * gigabyte },
      seats: { used: 20, allowed: 20 },
    },
    invoices: [],
    ...changes,
  };
}

/** A team on Free that never bought a plan. */
export const freeBilling = (changes: Partial<BillingResponse> = {}) =>
  billingOf({
    planId: 'free',
    pricingId: null,
    status: 'none',
    currentPeriodEnd: null,
    usage: {
      forms: { used: 3, allowed: 10 },
      submissionsPerMonth: { used: 40, allowed: 250 },
      storageBytes: { used: 0, allowed: 250 * 1024 * 1024 },
      seats: { used: 1, allowed: 3 },
    },
    ...changes,
  });

export function invoiceOf(changes: Partial<Invoice> = {}): Invoice {
  return {
    id: 'in_1',
    number: 'F-0001',
    status: 'paid',
    total: 4900,
    currency: 'eur',
    createdAt: '2026-11-22T10:00:00.000Z',
    hostedUrl: 'https://invoice.stripe.com/i/acct_1/test_1',
    pdfUrl: 'https://pay.stripe.com/invoice/acct_1/test_1/pdf',
    ...changes,
  };
}
