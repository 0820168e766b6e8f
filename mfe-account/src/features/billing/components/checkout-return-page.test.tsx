import type { BillingResponse } from '@formwerk/contracts';
import { useSessionStore } from '@formwerk/platform';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billingOf } from '../../../test/billing-response';
import { answerEachCall, renderPage } from '../../../test/render-page';
import { confirmationDelays } from '../api/billing-queries';

const errorOf = (code: string) => ({ error: { code, message: 'Not for the UI' } });
/** The `me` cookie the api sets with the session (and clears with it), read as the shell reads it. */
const meCookie = (value: string, expires = '') => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; the api sets it so in a browser.
  document.cookie = `me=${value}; path=/${expires}`;
  useSessionStore.getState().readCookies();
};

/** The sync answers these in turn, the last one from then on. */
function answerSyncWith(...answers: [number, BillingResponse | object][]) {
  let index = 0;
  return answerEachCall(() => answers[Math.min(index++, answers.length - 1)] as [number, unknown]);
}

describe('the card-payment return page', () => {
  beforeEach(() => {
    meCookie(encodeURIComponent(JSON.stringify({ id: 'u1', name: 'Ada', email: 'ada@example.com', locale: 'en' })));
  });
  afterEach(() => {
    vi.useRealTimers();
    meCookie('', '; expires=Thu, 01 Jan 1970 00:00:00 GMT');
  });

  it('syncs the checkout and welcomes the team to its plan, with its limits and the way on', async () => {
    const calls = answerSyncWith([200, billingOf({ isTestMode: true })]);
    await renderPage('/en/stripe-callback?session_id=cs_test_1');
    const heading = await screen.findByRole('heading', { name: 'Welcome to Pro' });
    expect(document.activeElement).toBe(heading);
    expect(
      screen.getByText('Your team now uses Pro. The new limits apply at once. Renews on 12/22/2026.'),
    ).toBeTruthy();
    expect(screen.getByText('25,000 responses per month')).toBeTruthy();
    expect(screen.getByText(/^In test mode, payments go to a Stripe test service/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to subscription' }).getAttribute('href')).toBe('/en/v1/subscriptions');
    expect(calls()).toEqual(['POST /billing/sync {"sessionId":"cs_test_1"}']);
  });

  it('while Stripe has not confirmed the payment, asks again after a growing wait until it has', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = answerSyncWith([200, billingOf({ status: 'incomplete', planId: 'free' })], [200, billingOf()]);
    await renderPage('/stripe-callback?session_id=cs_test_1');
    expect(await screen.findByText('Stripe bestätigt die Zahlung noch. Einen Moment bitte …')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync((confirmationDelays[0] ?? 0) - 100));
    expect(calls()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(await screen.findByRole('heading', { name: 'Willkommen bei Pro' })).toBeTruthy();
    expect(calls()).toHaveLength(2);
  });

  it('after the last wait, stops asking and says calmly that the plan will change by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = answerSyncWith([200, billingOf({ status: 'incomplete', planId: 'free' })]);
    await renderPage('/en/stripe-callback?session_id=cs_test_1');
    await screen.findByText('Stripe is still confirming the payment. One moment, please …');
    for (const delay of confirmationDelays) await act(() => vi.advanceTimersByTimeAsync(delay));
    expect(await screen.findByRole('heading', { name: 'Your payment is still being confirmed' })).toBeTruthy();
    expect(screen.getByText(/once it is confirmed, your plan changes by itself/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(calls()).toHaveLength(confirmationDelays.length + 1);
  });

  it('says a checkout that cannot be matched in its own words, without a retry that cannot help', async () => {
    answerSyncWith([404, errorOf('CHECKOUT_INVALID')]);
    await renderPage('/en/stripe-callback?session_id=cs_unknown');
    expect(await screen.findByRole('heading', { name: 'The outcome of your payment is not known yet' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/^We cannot match this payment to your team/);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('when Stripe is away, asks again on request', async () => {
    const calls = answerSyncWith([503, errorOf('BILLING_UNAVAILABLE')], [200, billingOf()]);
    await renderPage('/en/stripe-callback?session_id=cs_test_1');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Stripe cannot be reached right now/);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Pro' })).toBeTruthy();
    expect(calls()).toHaveLength(2);
  });

  it('says a subscription that ended without payment is not a plan bought', async () => {
    answerSyncWith([200, billingOf({ status: 'incomplete_expired', planId: 'free' })]);
    await renderPage('/en/stripe-callback?session_id=cs_test_1');
    expect(await screen.findByRole('heading', { name: 'The payment is not complete' })).toBeTruthy();
  });

  it('asks a visitor whose session ran out to sign in and come back here, and syncs nothing', async () => {
    meCookie('', '; expires=Thu, 01 Jan 1970 00:00:00 GMT');
    const calls = answerSyncWith([200, billingOf()]);
    await renderPage('/en/stripe-callback?session_id=cs_test_1');
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    const query = new URLSearchParams({ login: 'true', redirect: '/en/stripe-callback?session_id=cs_test_1' });
    expect(signIn.getAttribute('href')).toBe(`/en?${query}`);
    expect(calls()).toEqual([]);
  });

  it('without the checkout in its address, points to the subscription', async () => {
    await renderPage('/stripe-callback');
    expect(screen.getByText(/^Diesem Link fehlt die Angabe der Zahlung/)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Zum Abonnement' })).toBeTruthy());
  });
});
