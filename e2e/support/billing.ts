import type { APIRequestContext } from '@playwright/test';
import { csrfHeaders } from './session';

type PricingId = 'basic-month' | 'basic-year' | 'pro-month' | 'pro-year' | 'business-month' | 'business-year';

/**
 * Buys `pricingId` for the current team of the signed-in `api` context as a person does in test mode
 * (the site of `npm test` runs its payments against stripe-mock): the checkout, then "complete test
 * payment" on the test page, whose Stripe event goes through the api's webhook handling. For specs
 * that need more than Free allows (more forms, submissions, seats, custom domains). Answers the path
 * of the card-payment return page the browser would be sent to.
 */
export async function buyPlan(api: APIRequestContext, pricingId: PricingId): Promise<string> {
  const checkout = await api.post('/api/v1/billing/checkout', { data: { pricingId }, headers: await csrfHeaders(api) });
  if (checkout.status() !== 201)
    throw new Error(`The checkout answered ${checkout.status()}: ${await checkout.text()}`);
  const sessionId = new URL((await checkout.json()).url).searchParams.get('session_id');
  const paid = await api.post('/api/v1/billing/test-checkout', {
    data: { sessionId },
    headers: await csrfHeaders(api),
  });
  if (paid.status() !== 200) throw new Error(`The test payment answered ${paid.status()}: ${await paid.text()}`);
  const returnPage = new URL((await paid.json()).url);
  return `${returnPage.pathname}${returnPage.search}`;
}
