import { renderAreaPage } from '@formwerk/platform/testing';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import areaModule from '../../../exposes/routes';

afterEach(cleanup);

describe('the pricing pages', () => {
  it('show every plan with its prices and limits from the plans config, each leading to its checkout', async () => {
    await renderAreaPage('marketing', areaModule, '/en/pricing');
    const pro = screen.getByRole('listitem', { name: 'Pro' });
    expect(within(pro).getByText('€49')).toBeTruthy();
    expect(within(pro).getByText('or €490 per year (2 months free)')).toBeTruthy();
    expect(within(pro).getByText('25,000 responses per month')).toBeTruthy();
    expect(within(pro).getByRole('link', { name: 'Choose Pro' }).getAttribute('href')).toBe(
      '/en/v1/checkout/pro-month',
    );
    const free = screen.getByRole('listitem', { name: 'Free' });
    expect(within(free).getByText('No custom domain')).toBeTruthy();
    expect(within(free).getByRole('link', { name: 'Start for free' }).getAttribute('href')).toBe('/en?login=true');
  });

  it('in German, and side by side on the comparison page', async () => {
    await renderAreaPage('marketing', areaModule, '/preis');
    expect(within(screen.getByRole('listitem', { name: 'Business' })).getByText(/^€\s129$/)).toBeTruthy();
    cleanup();
    await renderAreaPage('marketing', areaModule, '/pricing1');
    const storage = screen.getByRole('row', { name: /Speicher für Dateien/ });
    expect(
      within(storage)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['250 MB', '2 GB', '20 GB', '200 GB']);
  });
});
