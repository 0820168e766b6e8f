import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render-page';

describe('the public form reached inside the app', () => {
  it('says it opens the form page, with a link to it should the browser not follow', async () => {
    const formId = 'a'.repeat(24);
    await renderPage(`/form/${formId}?name=Ada`);
    expect(screen.getByRole('heading', { level: 1, name: 'Formular ausfüllen' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Das Formular wird geöffnet');
    expect(screen.getByRole('link', { name: 'Formular öffnen' }).getAttribute('href')).toBe(`/form/${formId}?name=Ada`);
  });
});
