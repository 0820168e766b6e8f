import type { TeamTemplateResponse, TemplateResponse } from '@formwerk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

const definition: TemplateResponse['definition'] = {
  title: 'Kontaktformular',
  description: 'Schreiben Sie uns.',
  language: 'de',
  pages: [
    {
      id: 'page-1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        { id: 'message', type: 'longText', label: 'Ihre Nachricht', required: false },
      ],
    },
  ],
};

const template: TemplateResponse = {
  id: 'contact',
  category: 'contact',
  title: 'Kontaktformular',
  description: 'Schreiben Sie uns.',
  fieldCount: 2,
  definition,
};

const teamTemplate: TeamTemplateResponse = {
  id: 'b'.repeat(24),
  name: 'Unsere Anfrage',
  description: 'Schreiben Sie uns.',
  language: 'de',
  fieldCount: 2,
  createdAt: '2026-05-01T10:00:00.000Z',
  definition,
};

describe('the template page', () => {
  it('shows the template with a preview of its form that sends nothing', async () => {
    const fetch = answerApi(() => [200, template]);
    await renderPage('/v1/template/contact');
    const preview = await screen.findByRole('region', { name: 'Vorschau der Vorlage' });
    // The title follows the loaded template in an effect after the render that shows it.
    await waitFor(() => expect(document.title).toBe('Kontaktformular · Vorlage'));
    expect(within(preview).getByRole('heading', { level: 2, name: 'Kontaktformular' })).toBeTruthy();
    expect(within(preview).getByRole('textbox', { name: /Name/ })).toBeTruthy();
    expect(within(preview).getByRole('textbox', { name: /Ihre Nachricht/ })).toBeTruthy();
    expect(screen.getByText('2 Felder')).toBeTruthy();

    fireEvent.change(within(preview).getByRole('textbox', { name: /Name/ }), { target: { value: 'Ada' } });
    fireEvent.click(within(preview).getByRole('button', { name: 'Absenden' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/api/v1/templates/contact?locale=de', expect.anything());
  });

  it('uses the template and opens the new form in the builder', async () => {
    const fetch = answerApi((_url, init) => (init?.method === 'POST' ? [201, { id: 'new-form' }] : [200, template]));
    const router = await renderPage('/v1/template/contact');
    fireEvent.click(await screen.findByRole('button', { name: 'Diese Vorlage verwenden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/v1/forms/new-form'));
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/templates/contact/forms',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ locale: 'de' }) }),
    );
  });

  it('for an unknown template, says it does not exist', async () => {
    answerApi(() => [404, { error: { code: 'NOT_FOUND', message: 'No such template' } }]);
    await renderPage('/en/v1/template/rocket');
    expect(await screen.findByRole('heading', { name: 'Template not found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use this template' })).toBeNull();
  });
});

describe('the team template page', () => {
  it('previews the template and, once confirmed, deletes it and returns to the gallery', async () => {
    const fetch = answerApi((_url, init) => (init?.method === 'DELETE' ? [204] : [200, teamTemplate]));
    const router = await renderPage(`/v1/templates/${teamTemplate.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsere Anfrage' })).toBeTruthy();
    const preview = screen.getByRole('region', { name: 'Vorschau der Vorlage' });
    expect(within(preview).getByRole('heading', { level: 2, name: 'Kontaktformular' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Vorlage löschen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Endgültig löschen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/v1/forms/templates'));
    expect(fetch).toHaveBeenCalledWith(
      `/api/v1/team-templates/${teamTemplate.id}`,
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it("uses the team's template and opens the new form in the builder", async () => {
    const fetch = answerApi((_url, init) => (init?.method === 'POST' ? [201, { id: 'copy' }] : [200, teamTemplate]));
    const router = await renderPage(`/en/v1/templates/${teamTemplate.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Use this template' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/v1/forms/copy'));
    expect(fetch).toHaveBeenCalledWith(
      `/api/v1/team-templates/${teamTemplate.id}/forms`,
      expect.objectContaining({ method: 'POST' }),
    );
  });
});
