import type { FormListResponse, FormSummary } from '@formwerk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import areaModule from '../../../exposes/routes';
import { answerApi, renderPage } from '../../../test/render-page';

const form = (id: string, title: string, status: FormSummary['status'] = 'draft'): FormSummary => ({
  id,
  title,
  status,
  isArchived: false,
  version: 1,
  fieldCount: 3,
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-04T14:05:00.000Z',
});

const listOf = (forms: FormSummary[], total = forms.length, page = 1): FormListResponse => ({
  forms,
  total,
  page,
  pageSize: 20,
});

const twoForms = listOf([form('f1', 'Sommerfest', 'published'), form('f2', 'Feedback')]);

const requestedUrls = (fetch: ReturnType<typeof answerApi>) => fetch.mock.calls.map(([url]) => url);

describe('the forms list', () => {
  it('shows the forms of the page, and a search typed in goes to the api and into the address', async () => {
    const fetch = answerApi(() => [200, twoForms]);
    const router = await renderPage('/en/v1/forms');
    const table = await screen.findByRole('table', { name: '2 forms' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Sommerfest', 'Feedback']);
    expect(within(rows[0] as HTMLElement).getByText('Published')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sommerfest' }).getAttribute('href')).toBe('/en/v1/forms/f1');
    expect(requestedUrls(fetch)).toEqual([
      '/api/v1/forms?search=&sort=updatedAt&order=desc&page=1&pageSize=20&archived=false',
    ]);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Sommer' } });
    await waitFor(() =>
      expect(requestedUrls(fetch)).toContain(
        '/api/v1/forms?search=Sommer&sort=updatedAt&order=desc&page=1&pageSize=20&archived=false',
      ),
    );
    expect(router.state.location.search).toBe('?search=Sommer');
  });

  it('shows the list its route asked for ahead without asking again', async () => {
    const fetch = answerApi(() => [200, twoForms]);
    areaModule.prefetch?.forms?.({ params: {}, search: new URLSearchParams('search=fest&page=2') });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await renderPage('/en/v1/forms?search=fest&page=2');
    expect(await screen.findByRole('table', { name: '2 forms' })).toBeTruthy();
    expect(requestedUrls(fetch)).toEqual([
      '/api/v1/forms?search=fest&sort=updatedAt&order=desc&page=2&pageSize=20&archived=false',
    ]);
  });

  it('reads search, sort and page from the address and pages on', async () => {
    const fetch = answerApi(() => [200, listOf([form('f1', 'Sommerfest')], 45, 2)]);
    const router = await renderPage('/en/v1/forms?search=fest&sort=title&order=asc&page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('fest');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }).value).toBe('title');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=fest&sort=title&order=asc&page=3'));
    await waitFor(() =>
      expect(requestedUrls(fetch)).toContain(
        '/api/v1/forms?search=fest&sort=title&order=asc&page=3&pageSize=20&archived=false',
      ),
    );
  });

  it('deletes a form only once the dialog is confirmed, then announces it and reads the list again', async () => {
    let forms = twoForms;
    const fetch = answerApi((_url, init) => {
      if (init?.method === 'DELETE') {
        forms = listOf([form('f1', 'Sommerfest', 'published')]);
        return [204];
      }
      return [200, forms];
    });
    await renderPage('/en/v1/forms');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for “Feedback”' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Feedback”?' });
    expect(fetch).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'DELETE' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('“Feedback” was deleted.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/v1/forms/f2', expect.objectContaining({ method: 'DELETE' }));
    expect(await screen.findByRole('table', { name: '1 form' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Feedback' })).toBeNull();
  });

  it('when deleting is cancelled, keeps the form', async () => {
    const fetch = answerApi(() => [200, twoForms]);
    await renderPage('/en/v1/forms');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for “Feedback”' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'DELETE' }));
  });

  it('opens the actions of a row with its button and closes them with Escape, back on the button', async () => {
    answerApi(() => [200, twoForms]);
    await renderPage('/en/v1/forms');
    const toggle = await screen.findByRole('button', { name: 'Actions for “Sommerfest”' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Share' }).getAttribute('href')).toBe('/en/v1/forms/f1/share');
    expect(screen.getByRole('link', { name: 'Submissions' }).getAttribute('href')).toBe('/en/v1/forms/f1/submissions');
    fireEvent.keyDown(screen.getByRole('link', { name: 'Share' }), { key: 'Escape' });
    expect(screen.queryByRole('link', { name: 'Share' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('duplicates a form and announces the copy', async () => {
    const fetch = answerApi((url) => (url.endsWith('/duplicate') ? [201, { id: 'f3' }] : [200, twoForms]));
    await renderPage('/v1/forms');
    fireEvent.click(await screen.findByRole('button', { name: 'Aktionen für „Sommerfest“' }));
    fireEvent.click(screen.getByRole('button', { name: 'Duplizieren' }));
    expect((await screen.findByText(/wurde dupliziert/)).textContent).toBe(
      '„Sommerfest“ wurde dupliziert. Die Kopie steht in der Liste.',
    );
    expect(fetch).toHaveBeenCalledWith('/api/v1/forms/f1/duplicate', expect.objectContaining({ method: 'POST' }));
  });

  it('for a team without forms, invites to create the first one', async () => {
    answerApi(() => [200, listOf([])]);
    await renderPage('/v1/forms');
    expect(
      await screen.findByText(
        'Ihr Team hat noch keine Formulare. Legen Sie das erste an – leer oder aus einer Vorlage.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('when a search finds nothing, says so and clears the search on request', async () => {
    answerApi(() => [200, listOf([])]);
    const router = await renderPage('/v1/forms?search=xyz');
    expect(await screen.findByText('Kein Formular passt zu „xyz“.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Suche zurücksetzen' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
