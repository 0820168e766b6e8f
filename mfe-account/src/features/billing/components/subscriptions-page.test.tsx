import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import areaModule from '../../../exposes/routes';
import { billingOf, freeBilling, invoiceOf } from '../../../test/billing-response';
import { answerEachCall, renderPage } from '../../../test/render-page';

const errorOf = (code: string) => ({ error: { code, message: 'Not for the UI' } });

describe('the subscription page', () => {
  it('shows the plan, its renewal, the use of each limit and the invoices from the billing answer', async () => {
    const invoices = [
      invoiceOf(),
      invoiceOf({ id: 'in_2', number: null, status: 'open', total: 49_000, hostedUrl: null, pdfUrl: null }),
    ];
    answerEachCall(() => [200, billingOf({ invoices })]);
    await renderPage('/en/v1/subscriptions');

    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(within(plan).getByText('Pro')).toBeTruthy();
    expect(within(plan).getByText('Monthly')).toBeTruthy();
    expect(within(plan).getByText('Active')).toBeTruthy();
    expect(within(plan).getByText('€49 per month')).toBeTruthy();
    expect(within(plan).getByText('Renews on 12/22/2026.')).toBeTruthy();

    const responses = screen.getByRole('meter', { name: 'Responses this month' });
    expect(responses.getAttribute('aria-valuetext')).toBe('20,500 of 25,000');
    expect(responses.parentElement?.textContent).toContain('Almost used up.');
    expect(screen.getByRole('meter', { name: 'Storage' }).getAttribute('aria-valuetext')).toBe('1.5 GB of 20 GB');
    expect(screen.getByRole('link', { name: 'View and clean up storage' }).getAttribute('href')).toBe('/en/v1/storage');
    expect(screen.getByRole('meter', { name: 'People in the team' }).parentElement?.textContent).toContain(
      'Limit reached: further invitations need a larger plan.',
    );
    // No limit on forms: the words say so, no bar pretends to fill.
    expect(screen.queryByRole('meter', { name: 'Forms' })).toBeNull();
    expect(screen.getByText('12 · unlimited')).toBeTruthy();

    const rows = within(screen.getByRole('table', { name: 'Invoices' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['NumberF-0001', 'Date11/22/2026', 'Amount€49.00', 'StatusPaid', expect.stringContaining('View')],
      ['NumberDraft', 'Date11/22/2026', 'Amount€490.00', 'StatusOpen', 'Documents'],
    ]);
    const view = within(rows[0] as HTMLElement).getByRole('link', {
      name: 'View: invoice F-0001 of 11/22/2026, opens in a new tab',
    });
    expect(view.getAttribute('href')).toBe('https://invoice.stripe.com/i/acct_1/test_1');
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: /^PDF/ })
        .getAttribute('href'),
    ).toBe('https://pay.stripe.com/invoice/acct_1/test_1/pdf');

    const proCard = screen.getByRole('heading', { name: 'Pro', level: 3 }).closest('li') as HTMLElement;
    expect(within(proCard).getByText('Your current plan')).toBeTruthy();
  });

  it('in German, writes the amounts and dates of the locale', async () => {
    answerEachCall(() => [200, billingOf({ invoices: [invoiceOf()] })]);
    await renderPage('/v1/subscriptions');
    const plan = await screen.findByRole('region', { name: 'Ihr Plan' });
    expect(within(plan).getByText('€ 49 pro Monat')).toBeTruthy();
    expect(within(plan).getByText('Verlängert sich am 22.12.2026.')).toBeTruthy();
    const invoice = within(screen.getByRole('table', { name: 'Rechnungen' })).getAllByRole('row')[1] as HTMLElement;
    expect(within(invoice).getByText('€ 49,00')).toBeTruthy();
    expect(within(invoice).getByText('Bezahlt')).toBeTruthy();
  });

  it('asks before cancelling, then posts it and shows that the plan ends at the period’s end', async () => {
    const calls = answerEachCall((call) =>
      call === 'POST /billing/cancel' ? [200, billingOf({ cancelAtPeriodEnd: true })] : [200, billingOf()],
    );
    await renderPage('/v1/subscriptions');
    fireEvent.click(await screen.findByRole('button', { name: 'Abonnement kündigen' }));
    const dialog = screen.getByRole('dialog', { name: 'Abonnement kündigen?' });
    expect(dialog.textContent).toContain('Pro bleibt bis zum 22.12.2026 mit allen Grenzen aktiv');
    expect(calls()).toEqual(['GET /billing']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Kündigen' }));
    const plan = screen.getByRole('region', { name: 'Ihr Plan' });
    await waitFor(() => expect(within(plan).getByText('Endet am 22.12.2026. Danach gilt der Free-Plan.')).toBeTruthy());
    expect(calls()).toEqual(['GET /billing', 'POST /billing/cancel']);
    expect(within(plan).getByRole('status').textContent).toBe('Gekündigt. Pro endet am 22.12.2026.');
    expect(document.activeElement).toBe(within(plan).getByRole('heading', { name: 'Ihr Plan' }));
    expect(within(plan).queryByRole('button', { name: 'Abonnement kündigen' })).toBeNull();
    expect(within(plan).getByRole('button', { name: 'Kündigung zurücknehmen' })).toBeTruthy();
    // The Free plan's card says from when it applies.
    const freeCard = screen.getByRole('heading', { name: 'Free', level: 3 }).closest('li') as HTMLElement;
    expect(within(freeCard).getByText('Gilt ab 22.12.2026')).toBeTruthy();
  });

  it('keeps the subscription when the dialog is left, and undoes a cancellation at once', async () => {
    const calls = answerEachCall((call) =>
      call === 'POST /billing/resume' ? [200, billingOf()] : [200, billingOf({ cancelAtPeriodEnd: true })],
    );
    await renderPage('/en/v1/subscriptions');
    fireEvent.click(await screen.findByRole('button', { name: 'Undo cancellation' }));
    await waitFor(() => expect(screen.getByText('Renews on 12/22/2026.')).toBeTruthy());
    expect(screen.getByText('The cancellation is undone. Pro renews on 12/22/2026.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep subscription' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls()).toEqual(['GET /billing', 'POST /billing/resume']);
  });

  it('changes a running plan after a dialog that states the new price and the proration', async () => {
    const calls = answerEachCall((call) =>
      call === 'POST /billing/change'
        ? [200, billingOf({ planId: 'business', pricingId: 'business-year' })]
        : [200, billingOf()],
    );
    await renderPage('/en/v1/subscriptions');
    fireEvent.click(await screen.findByRole('radio', { name: /^Yearly/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade', description: 'Business' }));
    const dialog = screen.getByRole('dialog', { name: 'Switch to Business (yearly)?' });
    expect(dialog.textContent).toContain('New price: €1,290 per year. The change applies at once. Stripe prorates');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch' }));
    await waitFor(() => expect(screen.getByText('Your team now uses Business (yearly).')).toBeTruthy());
    expect(calls()).toEqual(['GET /billing', 'POST /billing/change {"pricingId":"business-year"}']);
    const plan = screen.getByRole('region', { name: 'Your plan' });
    expect(within(plan).getByText('Business')).toBeTruthy();
    expect(within(plan).getByText('€1,290 per year')).toBeTruthy();
  });

  it('says a smaller plan keeps what the team has, and offers the other interval of the current one', async () => {
    answerEachCall(() => [200, billingOf()]);
    await renderPage('/en/v1/subscriptions');
    fireEvent.click(await screen.findByRole('button', { name: 'Switch', description: 'Basic' }));
    expect(screen.getByRole('dialog', { name: 'Switch to Basic (monthly)?' }).textContent).toContain(
      'Everything your team already has is kept',
    );
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('radio', { name: /^Yearly/ }));
    expect(screen.getByRole('button', { name: 'Switch to yearly', description: 'Pro' })).toBeTruthy();
  });

  it('for a team without a subscription, buys a plan through the checkout of the chosen interval', async () => {
    answerEachCall(() => [200, freeBilling()]);
    await renderPage('/en/v1/subscriptions');
    expect(await screen.findByRole('heading', { name: 'Choose a plan' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage payment details and invoices' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(screen.getByText('No invoices yet. They appear here once your team buys a plan.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade', description: 'Pro' }).getAttribute('href')).toBe(
      '/en/v1/checkout/pro-month',
    );
    fireEvent.click(screen.getByRole('radio', { name: /^Yearly/ }));
    expect(screen.getByRole('link', { name: 'Upgrade', description: 'Pro' }).getAttribute('href')).toBe(
      '/en/v1/checkout/pro-year',
    );
  });

  it('opens Stripe’s customer portal from the address the api answers', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = answerEachCall((call) =>
      call === 'POST /billing/portal'
        ? [200, { url: 'https://billing.stripe.com/p/session/test_1' }]
        : [200, billingOf()],
    );
    await renderPage('/en/v1/subscriptions');
    fireEvent.click(await screen.findByRole('button', { name: 'Manage payment details and invoices' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_1'));
    expect(calls()).toContain('POST /billing/portal');
  });

  it('in test mode marks the plan as such, and says there is no portal when the api answers its stand-in', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    answerEachCall((call) =>
      call === 'POST /billing/portal'
        ? [200, { url: `${window.location.origin}/en/v1/subscriptions` }]
        : [200, billingOf({ isTestMode: true })],
    );
    await renderPage('/en/v1/subscriptions');
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(within(plan).getByText('Test mode')).toBeTruthy();
    fireEvent.click(within(plan).getByRole('button', { name: 'Manage payment details and invoices' }));
    await waitFor(() =>
      expect(within(plan).getByRole('status').textContent).toMatch(/^There is no Stripe customer portal/),
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('when the last payment failed, shows a banner to update the card in the portal', async () => {
    answerEachCall(() => [200, billingOf({ status: 'past_due', isPaymentFailing: true })]);
    await renderPage('/v1/subscriptions');
    const banner = await screen.findByRole('region', { name: 'Die letzte Zahlung ist fehlgeschlagen' });
    expect(within(banner).getByRole('button', { name: 'Karte aktualisieren' })).toBeTruthy();
    expect(screen.getByText('Zahlung überfällig')).toBeTruthy();
  });

  it('shows a member everything read-only, with who can change it', async () => {
    answerEachCall(() => [200, billingOf({ mayManage: false, isPaymentFailing: true, status: 'past_due' })]);
    await renderPage('/en/v1/subscriptions');
    expect(
      await screen.findByText(
        "You are seeing your team's plan. Only the team's owners and admins can buy, change, cancel and pay for it.",
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Stripe will try again over the next few days. Ask an owner or admin of the team to update the card.',
      ),
    );
    expect(screen.getByRole('meter', { name: 'Storage' })).toBeTruthy();
    expect(screen.queryAllByRole('button').map((button) => button.textContent)).toEqual([]);
    // Nothing to buy or pay: only the way to the team's storage, which every member may clean up.
    expect(screen.queryAllByRole('link').map((link) => link.textContent)).toEqual(['View and clean up storage']);
  });

  it('explains a refusal in its own words and reads the billing again', async () => {
    const calls = answerEachCall((call) =>
      call === 'POST /billing/cancel' ? [503, errorOf('BILLING_UNAVAILABLE')] : [200, billingOf()],
    );
    await renderPage('/en/v1/subscriptions');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel subscription' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Stripe cannot be reached right now. Nothing was changed or charged; please try again in a few minutes.',
    );
    await waitFor(() => expect(calls()).toEqual(['GET /billing', 'POST /billing/cancel', 'GET /billing']));
  });

  it('when the billing cannot be read, says why and reads it again on request', async () => {
    let isDown = true;
    answerEachCall(() => (isDown ? [503, errorOf('DATABASE_UNAVAILABLE')] : [200, billingOf()]));
    await renderPage('/en/v1/subscriptions');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The service is unavailable right now. Please try again in a few seconds.',
    );
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Your plan' })).toBeTruthy();
  });

  it('shows the billing its route asked for ahead without asking again', async () => {
    const calls = answerEachCall(() => [200, billingOf()]);
    areaModule.prefetch?.subscriptions?.({ params: {}, search: new URLSearchParams() });
    await waitFor(() => expect(calls()).toEqual(['GET /billing']));
    await renderPage('/en/v1/subscriptions');
    expect(await screen.findByRole('region', { name: 'Your plan' })).toBeTruthy();
    expect(calls()).toEqual(['GET /billing']);
  });
});
