import type { AppDto } from '@formwerk/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

const app = (id: string, name: string, formId: string): AppDto => ({
  id,
  name,
  icon: 'briefcase',
  color: 'blue',
  forms: [{ id: formId, title: name, status: 'published' }],
  submissionCount: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});
// The rows' forms: the excerpt names answers by the form's fields, choices by their labels.
const definition = {
  title: 'Vacation',
  description: '',
  language: 'en',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        {
          id: 'kind',
          type: 'singleChoice',
          label: 'Kind',
          required: true,
          choices: [{ id: 'paid', label: 'Paid leave' }],
        },
        { id: 'days', type: 'number', label: 'Days', required: true, decimals: 0 },
      ],
    },
  ],
};
const hr = app('a'.repeat(24), 'HR', 'f'.repeat(24));
const events = app('b'.repeat(24), 'Events', 'e'.repeat(24));

describe('the app submissions page', () => {
  it('shows the submissions of the chosen app with their form, and another app when chosen', async () => {
    const fetch = answerApi((url) => {
      if (url === '/api/v1/apps') return [200, { apps: [hr, events] }];
      if (url.startsWith('/api/v1/forms/')) return [200, { definition }];
      const formId = url.includes(hr.id) ? hr.forms[0]?.id : events.forms[0]?.id;
      return [
        200,
        {
          submissions: [
            {
              id: 's'.repeat(24),
              formId,
              formVersion: 1,
              reference: null,
              score: null,
              answers: { name: 'Ada', kind: 'paid', days: 3 },
              createdAt: '2026-11-02T09:00:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 50,
          forms: [{ id: formId, title: url.includes(hr.id) ? 'Vacation' : 'Sign-up' }],
        },
      ];
    });
    await renderPage('/en/v1/apps/submissions');
    expect(await screen.findByRole('link', { name: 'Vacation' })).toBeTruthy();
    expect(await screen.findByText('Ada · Paid leave · 3')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('App'), { target: { value: events.id } });
    expect(await screen.findByRole('link', { name: 'Sign-up' })).toBeTruthy();
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => url)).toContain(
        `/api/v1/apps/${events.id}/submissions?page=1&pageSize=50`,
      ),
    );
  });

  it('when the team has no apps yet, says to create one first', async () => {
    answerApi(() => [200, { apps: [] }]);
    await renderPage('/en/v1/apps/submissions');
    expect(await screen.findByRole('heading', { name: 'Create an app first.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to apps' }).getAttribute('href')).toBe('/en/v1/apps');
  });
});
