import type { FormListResponse, FormSummary } from '@formwerk/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

const archived: FormSummary = {
  id: 'f9',
  title: 'Umfrage 2025',
  status: 'draft',
  isArchived: true,
  version: 4,
  fieldCount: 6,
  createdAt: '2025-03-01T08:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
};

const listOf = (forms: FormSummary[]): FormListResponse => ({ forms, total: forms.length, page: 1, pageSize: 20 });

describe('the archived forms', () => {
  it('lists the archived forms and restores one, which then leaves the list', async () => {
    let forms = [archived];
    const fetch = answerApi((url) => {
      if (url.endsWith('/restore')) {
        forms = [];
        return [200, { id: 'f9' }];
      }
      return [200, listOf(forms)];
    });
    await renderPage('/en/v1/forms/archived');
    expect(await screen.findByRole('table', { name: '1 archived form' })).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/forms?search=&sort=updatedAt&order=desc&page=1&pageSize=20&archived=true',
      expect.anything(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Restore “Umfrage 2025”' }));
    expect(await screen.findByText('“Umfrage 2025” was restored.')).toBeTruthy();
    expect(await screen.findByText('No archived forms.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/v1/forms/f9/restore', expect.objectContaining({ method: 'POST' }));
    expect(screen.getByRole('link', { name: 'Back to all forms' }).getAttribute('href')).toBe('/en/v1/forms');
  });

  it('deletes an archived form after confirmation', async () => {
    const fetch = answerApi((_url, init) => (init?.method === 'DELETE' ? [204] : [200, listOf([archived])]));
    await renderPage('/v1/forms/archived');
    fireEvent.click(await screen.findByRole('button', { name: '„Umfrage 2025“ löschen' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Endgültig löschen' }));
    expect(await screen.findByText('„Umfrage 2025“ wurde gelöscht.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/v1/forms/f9', expect.objectContaining({ method: 'DELETE' }));
  });

  it('when nothing is archived, says so', async () => {
    answerApi(() => [200, listOf([])]);
    await renderPage('/v1/forms/archived');
    expect(await screen.findByText('Keine archivierten Formulare.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
