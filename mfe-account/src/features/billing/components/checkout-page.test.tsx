import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { billingOf } from '../../../test/billing-response';
import { answerEachCall, renderPage } from '../../../test/render-page';

const errorOf = (code: string) => ({ error: { code, message: 'Not for the UI' } });
const stripeCheckout = 'https://checkout.stripe.com/c/pay/cs_test_1';

/** Stands in for the browser's address, to see where the page sends it. */
function watchLeaving() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

describe('the checkout page', () => {
  it('shows what is bought, starts the checkout once and sends the browser to Stripe', async () => {
    const assign = watchLeaving();
    const calls = answerEachCall(() => [201, { url: stripeCheckout }]);
    const router = await renderPage('/en/v1/checkout/pro-month');

    const order = screen.getByRole('region', { name: 'Your order' });
    expect(within(order).getByText('Pro')).toBeTruthy();
    expect(within(order).getByText('Monthly')).toBeTruthy();
    expect(within(order).getByText('€49 per month')).toBeTruthy();
    expect(within(order).getByText('Unlimited forms')).toBeTruthy();
    expect(within(order).getByText('25,000 responses per month')).toBeTruthy();
    expect(within(order).getByText('20 GB of file storage')).toBeTruthy();

    await waitFor(() => expect(assign).toHaveBeenCalledWith(stripeCheckout));
    expect(calls()).toEqual(['POST /billing/checkout {"pricingId":"pro-month"}']);
    expect(screen.getByRole('status').textContent).toBe("Taking you to Stripe's secure payment page …");
    expect(screen.getByRole('link', { name: 'Continue to Stripe' }).getAttribute('href')).toBe(stripeCheckout);
    // Its history entry is marked as left for the payment page (see the test of coming back).
    expect(router.state.location.state).toEqual({ hasLeftForPayment: true });
  });

  it('back from Stripe without paying, offers to go on instead of starting another checkout', async () => {
    watchLeaving();
    const calls = answerEachCall((call) =>
      call === 'GET /billing' ? [200, billingOf()] : [201, { url: stripeCheckout }],
    );
    const router = await renderPage('/v1/checkout/basic-year');
    await waitFor(() => expect(calls()).toHaveLength(1));
    await act(() => router.navigate('/v1/subscriptions'));
    await act(() => router.navigate(-1));

    expect(
      await screen.findByText('Sie haben die Bezahlseite verlassen, ohne zu bezahlen. Es wurde nichts berechnet.'),
    );
    expect(calls().filter((call) => call.startsWith('POST'))).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Weiter zur Bezahlung' }));
    await waitFor(() => expect(calls().filter((call) => call.startsWith('POST'))).toHaveLength(2));
  });

  it('in test mode, is the checkout itself: the test payment goes on to the card-payment return page', async () => {
    const assign = watchLeaving();
    const testPage = `${window.location.origin}/en/v1/checkout/pro-year?session_id=cs_test_1`;
    const calls = answerEachCall((call) =>
      call === 'POST /billing/checkout'
        ? [201, { url: testPage }]
        : call === 'POST /billing/test-checkout'
          ? [200, { url: `${window.location.origin}/en/stripe-callback?session_id=cs_test_1` }]
          : [200, billingOf({ pricingId: 'pro-year', isTestMode: true })],
    );
    const router = await renderPage('/en/v1/checkout/pro-year');

    const banner = await screen.findByRole('heading', { name: 'Test mode – nothing is charged' });
    expect(banner).toBeTruthy();
    expect(router.state.location.search).toBe('?session_id=cs_test_1');
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByText('€490 per year')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Complete test payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/stripe-callback'));
    expect(router.state.location.search).toBe('?session_id=cs_test_1');
    expect(calls().slice(0, 2)).toEqual([
      'POST /billing/checkout {"pricingId":"pro-year"}',
      'POST /billing/test-checkout {"sessionId":"cs_test_1"}',
    ]);
  });

  it('when the test session is unknown, says so and offers to start the purchase again', async () => {
    answerEachCall(() => [404, errorOf('CHECKOUT_INVALID')]);
    await renderPage('/en/v1/checkout/basic-month?session_id=cs_gone');
    fireEvent.click(screen.getByRole('button', { name: 'Complete test payment' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^We cannot match this payment to your team/);
    expect(screen.getByRole('link', { name: 'Start the purchase again' }).getAttribute('href')).toBe(
      '/en/v1/checkout/basic-month',
    );
  });

  it('names an unknown plan as such, with the way back, and starts nothing', async () => {
    const calls = answerEachCall(() => [201, { url: stripeCheckout }]);
    await renderPage('/v1/checkout/gold-month');
    expect(screen.getByRole('heading', { name: 'Diesen Plan gibt es nicht' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zum Abonnement' }).getAttribute('href')).toBe('/v1/subscriptions');
    expect(calls()).toEqual([]);
  });

  it('when Stripe is away, says so and tries again on request', async () => {
    const assign = watchLeaving();
    let isStripeAway = true;
    answerEachCall(() => (isStripeAway ? [503, errorOf('BILLING_UNAVAILABLE')] : [201, { url: stripeCheckout }]));
    await renderPage('/v1/checkout/pro-month');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Stripe ist gerade nicht erreichbar. Es wurde nichts geändert und nichts berechnet; bitte versuchen Sie es in ein paar Minuten noch einmal.',
    );
    isStripeAway = false;
    fireEvent.click(screen.getByRole('button', { name: 'Noch einmal versuchen' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(stripeCheckout));
  });

  it('tells a member that only owners and admins buy, without a retry', async () => {
    answerEachCall(() => [403, errorOf('FORBIDDEN')]);
    await renderPage('/en/v1/checkout/pro-month');
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Only the team's owners and admins can buy, change and pay for the plan.",
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('sends a team with a running subscription to change it on the subscription page', async () => {
    answerEachCall(() => [409, errorOf('CHECKOUT_INVALID')]);
    await renderPage('/en/v1/checkout/business-month');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Your team already has a running subscription/);
    expect(screen.getByRole('link', { name: 'Go to subscription' }).getAttribute('href')).toBe('/en/v1/subscriptions');
  });
});
