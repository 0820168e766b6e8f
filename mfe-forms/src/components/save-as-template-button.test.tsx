import { findRoute, i18n, initI18n, loadNamespace, registerNamespace } from '@formwerk/platform';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import areaModule from '../exposes/routes';
import { answerApi } from '../test/render-page';
import { SaveAsTemplateButton } from './save-as-template-button';

const formId = 'c'.repeat(24);

/** The button where the lead places it: on the English builder page of a form. */
async function renderInBuilder() {
  await initI18n('de');
  registerNamespace(areaModule.namespace, areaModule.messages);
  await loadNamespace(areaModule.namespace, 'en');
  await i18n.changeLanguage('en');
  const route = findRoute('v1-forms-id', 'en');
  const router = createMemoryRouter(
    [{ path: route.pattern, handle: { name: route.localizedName }, element: <SaveAsTemplateButton formId={formId} /> }],
    { initialEntries: [`/en/v1/forms/${formId}`] },
  );
  render(<RouterProvider router={router} />);
}

describe('save as template', () => {
  it('asks for a name, saves the form as a team template and links to it', async () => {
    const fetch = answerApi(() => [201, { id: 'd'.repeat(24), name: 'Our enquiry' }]);
    await renderInBuilder();
    fireEvent.click(screen.getByRole('button', { name: 'Save as template' }));
    const dialog = screen.getByRole('dialog', { name: 'Save as template' });
    expect(dialog.hasAttribute('open')).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Template name' }), { target: { value: ' Our enquiry ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));

    const link = await screen.findByRole('link', { name: 'View template' });
    expect(link.getAttribute('href')).toBe(`/en/v1/templates/${'d'.repeat(24)}`);
    expect(screen.getByRole('status').textContent).toContain('Saved as the template “Our enquiry”.');
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/team-templates',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ formId, name: 'Our enquiry' }) }),
    );
  });

  it('without a name, leaves the name to the form title; a failure keeps the dialog open and explains it', async () => {
    const fetch = answerApi(() => [404, { error: { code: 'NOT_FOUND', message: 'No such form' } }]);
    await renderInBuilder();
    fireEvent.click(screen.getByRole('button', { name: 'Save as template' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/not found/i);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save template' })).toBeTruthy());
    expect(screen.getByRole('dialog', { name: 'Save as template' }).hasAttribute('open')).toBe(true);
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/team-templates',
      expect.objectContaining({ body: JSON.stringify({ formId }) }),
    );
  });
});
