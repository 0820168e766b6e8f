import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingOf } from '../../../test/billing-response';
import { answerEachCall, renderPage } from '../../../test/render-page';

describe('the profile', () => {
  it('shows the team’s plan, its renewal and its use in the billing tab, with the way to the subscription', async () => {
    const calls = answerEachCall(() => [200, billingOf({ cancelAtPeriodEnd: true })]);
    await renderPage('/en/v1/profile?view=billing');
    const tabs = screen.getByRole('navigation', { name: 'Profile sections' });
    expect(within(tabs).getByRole('link', { name: 'Billing' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'General' }).getAttribute('href')).toBe('/en/v1/profile');

    const billing = await screen.findByRole('region', { name: 'Billing' });
    expect(await within(billing).findByText('Pro')).toBeTruthy();
    expect(within(billing).getByText('Ends on 12/22/2026. The Free plan applies after that.')).toBeTruthy();
    expect(within(billing).getByRole('meter', { name: 'Responses this month' })).toBeTruthy();
    expect(within(billing).getByRole('link', { name: 'Manage subscription' }).getAttribute('href')).toBe(
      '/en/v1/subscriptions',
    );
    expect(calls()).toEqual(['GET /billing']);
  });

  it('keeps name, password and sessions in its first tab, without reading the billing', async () => {
    const calls = answerEachCall(() => [200, { sessions: [] }]);
    await renderPage('/v1/profile');
    expect(screen.getByRole('link', { name: 'Allgemein' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { name: 'Persönliche Daten' })).toBeTruthy();
    expect(calls()).toEqual(['GET /sessions']);
  });
});
