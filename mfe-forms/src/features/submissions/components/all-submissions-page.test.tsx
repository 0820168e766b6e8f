import type { TeamSubmissionListResponse } from '@formwerk/contracts';
import { formatDateTime } from '@formwerk/platform';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

const createdAt = '2026-11-02T09:30:00.000Z';
const list: TeamSubmissionListResponse = {
  submissions: [
    { id: 's2', formId: 'f1', formVersion: 1, createdAt, answers: {}, reference: null, score: null },
    { id: 's1', formId: 'gone', formVersion: 1, createdAt, answers: {}, reference: null, score: null },
  ],
  total: 2,
  page: 1,
  pageSize: 50,
  forms: [{ id: 'f1', title: 'Sommerfest' }],
};

describe('all submissions of the team', () => {
  it('lists them newest first with their form, each linking to its page', async () => {
    const fetch = answerApi(() => [200, list]);
    await renderPage('/en/v1/submissions');
    const table = await screen.findByRole('table');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    const date = formatDateTime(new Date(createdAt), 'en');
    expect(
      within(first as HTMLElement)
        .getByRole('link', { name: date })
        .getAttribute('href'),
    ).toBe('/en/v1/submissions/s2');
    expect(
      within(first as HTMLElement)
        .getByRole('link', { name: 'Sommerfest' })
        .getAttribute('href'),
    ).toBe('/en/v1/forms/f1/submissions');
    expect(within(second as HTMLElement).getByText('Deleted form')).toBeTruthy();
    // No form on the page numbers its submissions: no reference column.
    expect(within(table).queryByRole('columnheader', { name: 'Reference number' })).toBeNull();
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/submissions?page=1&pageSize=50&sort=createdAt&order=desc',
      expect.anything(),
    );
  });

  it('when the team has none yet, says so and leads to the forms', async () => {
    answerApi(() => [200, { ...list, submissions: [], total: 0, forms: [] }]);
    await renderPage('/v1/submissions');
    expect(await screen.findByRole('heading', { name: 'Noch keine Einsendungen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zu den Formularen' }).getAttribute('href')).toBe('/v1/forms');
  });

  it('shows the reference numbers where forms give them', async () => {
    const numbered = { ...list, submissions: [{ ...list.submissions[0], reference: 'HR-2026-00007' }] };
    answerApi(() => [200, numbered]);
    await renderPage('/en/v1/submissions');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Reference number' })).toBeTruthy();
    expect(within(table).getByText('HR-2026-00007')).toBeTruthy();
  });
});
