import { siteContactFormIds } from '@formwerk/contracts/site-contact-form';
import { renderAreaPage } from '@formwerk/platform/testing';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import areaModule from '../../../exposes/routes';
import { exampleSiteOperator } from '../../legal/site-operator';

afterEach(cleanup);

describe('the contact page', () => {
  it('embeds the site’s contact form in the page’s language beside the operator’s address, email and phone', async () => {
    await renderAreaPage('marketing', areaModule, '/kontakt');
    const frame = screen.getByTitle('Kontaktformular');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(`/form/${siteContactFormIds.de}`);
    const details = screen.getByRole('region', { name: 'So erreichen Sie uns' });
    expect(details.querySelector('address')?.textContent).toContain(exampleSiteOperator.street);
    expect(screen.getByRole('link', { name: exampleSiteOperator.email }).getAttribute('href')).toBe(
      `mailto:${exampleSiteOperator.email}`,
    );
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung' }).getAttribute('href')).toBe('/datenschutz');
  });

  it('in English', async () => {
    await renderAreaPage('marketing', areaModule, '/en/contact');
    expect(screen.getByTitle('Contact form').getAttribute('src')).toBe(`/en/form/${siteContactFormIds.en}`);
    expect(screen.getByRole('region', { name: 'How to reach us' }).textContent).toContain('Germany');
  });
});
