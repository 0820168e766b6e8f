import { renderAreaPage } from '@formwerk/platform/testing';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import areaModule from '../../../exposes/routes';
import { messages } from '../../../messages';
import { exampleSiteOperator } from '../site-operator';

afterEach(cleanup);

const headingsOf = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('the legal pages', () => {
  it('name the operator in the imprint from the one operator config, with its register, VAT id and contact', async () => {
    await renderAreaPage('marketing', areaModule, '/impressum');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Impressum');
    expect(screen.getByText(/Stand: 27\. November 2026/)).toBeTruthy();
    const provider = screen.getByRole('region', { name: 'Angaben gemäß § 5 DDG' });
    expect(provider.textContent).toContain(exampleSiteOperator.company);
    expect(provider.textContent).toContain(`${exampleSiteOperator.postalCode} ${exampleSiteOperator.city}`);
    expect(provider.textContent).toContain('Deutschland');
    expect(screen.getByText(new RegExp(exampleSiteOperator.registerNumber))).toBeTruthy();
    expect(screen.getByText(new RegExp(exampleSiteOperator.vatId))).toBeTruthy();
    expect(screen.getByRole('link', { name: exampleSiteOperator.email }).getAttribute('href')).toBe(
      `mailto:${exampleSiteOperator.email}`,
    );
    expect(screen.getByRole('link', { name: exampleSiteOperator.phone }).getAttribute('href')).toBe('tel:+49300000000');
    // Short: no table of contents.
    expect(screen.queryByRole('navigation', { name: 'Inhalt' })).toBeNull();
  });

  it('give the data protection notice a table of contents whose links lead to its sections', async () => {
    await renderAreaPage('marketing', areaModule, '/datenschutz');
    const contents = screen.getByRole('navigation', { name: 'Inhalt' });
    const entries = within(contents).getAllByRole('link');
    expect(entries.map((entry) => entry.textContent)).toEqual(headingsOf().slice(1));
    for (const entry of entries) {
      const target = document.getElementById(entry.getAttribute('href')?.slice(1) ?? '');
      expect(target?.tagName, entry.textContent ?? '').toBe('H2');
      expect(target?.textContent).toBe(entry.textContent);
    }
    // Every cookie the api and the site set (session-cookies.ts, known-device.ts, the sign-in attempts,
    // signing-links.ts, the language), and what the browser's storage keeps.
    const cookies = screen.getByRole('region', { name: 'Cookies' });
    expect(
      within(cookies)
        .getAllByRole('listitem')
        .flatMap((item) => [...item.querySelectorAll('strong')].map((name) => name.textContent)),
    ).toEqual([
      'token',
      'team',
      'me',
      'csrf',
      'device',
      'sign-in-step',
      'google-sign-in',
      'sso-sign-in',
      'signing_verified',
      'i18n_redirected',
    ]);
    expect(cookies.textContent).toContain('localStorage');
    const text = document.body.textContent ?? '';
    for (const named of ['Stripe Payments Europe', '/mydata/', 'Art.\u00a077 DSGVO', exampleSiteOperator.aiProvider]) {
      expect(text, named).toContain(named);
    }
    expect(screen.getByRole('link', { name: exampleSiteOperator.supervisoryAuthority }).getAttribute('href')).toBe(
      exampleSiteOperator.supervisoryAuthorityUrl,
    );
  });

  it('in English: the terms, with cancellation at the period’s end and a link to the data protection notice', async () => {
    await renderAreaPage('marketing', areaModule, '/en/general-terms-conditions');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('General terms and conditions');
    expect(screen.getByText(/Last updated: November 27, 2026/)).toBeTruthy();
    expect(headingsOf()).toContain('§ 5 Term and cancellation');
    expect(screen.getByRole('region', { name: '§ 5 Term and cancellation' }).textContent).toContain(
      'effective at the end of the current billing period',
    );
    expect(screen.getByRole('link', { name: 'data protection notice' }).getAttribute('href')).toBe(
      '/en/data-protection',
    );
  });

  it('say the same in both languages: the same sections, paragraphs and lists, naming the same details', () => {
    const shapeOf = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(shapeOf)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, key === 'id' ? 'id' : shapeOf(item)]))
          : String(value).match(/{{\w+}}|<\w+>/g);
    expect(shapeOf(messages.en.legal)).toEqual(shapeOf(messages.de.legal));
    expect(shapeOf(messages.en.contactPage)).toEqual(shapeOf(messages.de.contactPage));
  });
});
