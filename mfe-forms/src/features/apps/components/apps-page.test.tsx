import type { AppDto, FormSummary } from '@formwerk/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

const form = (id: string, title: string): FormSummary => ({
  id,
  title,
  status: 'draft',
  isArchived: false,
  version: 1,
  fieldCount: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

const hr: AppDto = {
  id: 'a'.repeat(24),
  name: 'HR',
  icon: 'briefcase',
  color: 'blue',
  forms: [{ id: 'f'.repeat(24), title: 'Vacation', status: 'published' }],
  submissionCount: 3,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const forms = [form('1'.repeat(24), 'Vacation'), form('2'.repeat(24), 'Expenses')];

function serve(apps: AppDto[]) {
  return answerApi((url, init) => {
    if (url.startsWith('/api/v1/forms')) return [200, { forms, total: 2, page: 1, pageSize: 100 }];
    if (init?.method === 'POST') return [201, { ...hr, name: JSON.parse(String(init.body)).name }];
    if (init?.method === 'DELETE') return [204];
    return [200, { apps }];
  });
}

describe('the apps page', () => {
  it('creates an app with the ticked forms in the order they were ticked', async () => {
    const fetch = serve([]);
    await renderPage('/en/v1/apps');
    expect(await screen.findByRole('heading', { name: 'No apps yet' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'New app' })[0] as HTMLElement);
    fireEvent.change(screen.getByLabelText('App name'), { target: { value: 'Office' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Calendar' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Expenses' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Vacation' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create app' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Office',
      icon: 'calendar',
      color: 'blue',
      formIds: ['2'.repeat(24), '1'.repeat(24)],
    });
    expect(await screen.findByText('The app “Office” was created.')).toBeTruthy();
  });

  it('deletes an app only after asking, and says its forms stay', async () => {
    const fetch = serve([hr]);
    await renderPage('/v1/apps');
    fireEvent.click(await screen.findByRole('button', { name: '„HR“ löschen' }));
    expect(
      screen.getByText('Nur die App wird gelöscht; ihre Formulare und deren Einsendungen bleiben erhalten.'),
    ).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'App löschen' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Die App „HR“ wurde gelöscht.')).toBeTruthy();
  });
});
