import type { DashboardResponse } from '@formwerk/contracts';
import { useSessionStore } from '@formwerk/platform';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

const days = ['2026-05-04', '2026-05-05', '2026-05-06', '2026-05-07', '2026-05-08', '2026-05-09', '2026-05-10'];

const emptyDashboard: DashboardResponse = {
  recentForms: [],
  submissionsLast7Days: 0,
  submissionsByDay: days.map((date) => ({ date, count: 0 })),
  formCounts: { total: 0, published: 0, draft: 0, archived: 0 },
};

const busyDashboard: DashboardResponse = {
  recentForms: [
    {
      id: 'f1',
      title: 'Sommerfest',
      status: 'published',
      updatedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      submissionsLast7Days: 4,
      submissionsTotal: 12,
    },
    {
      id: 'f2',
      title: 'Feedback',
      status: 'draft',
      updatedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      submissionsLast7Days: 0,
      submissionsTotal: 0,
    },
  ],
  submissionsLast7Days: 5,
  submissionsByDay: days.map((date, index) => ({ date, count: index === 6 ? 4 : index === 2 ? 1 : 0 })),
  formCounts: { total: 2, published: 1, draft: 1, archived: 3 },
};

// Signed in as the api leaves a browser: the `me` cookie, which the api client reads after each answer.
beforeEach(() => {
  const user = {
    id: 'u1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    locale: 'en',
    survey: true,
    emailVerified: true,
    ownedTeamIds: [1],
  };
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; the api sets it so in a browser.
  document.cookie = `me=${encodeURIComponent(JSON.stringify(user))}; path=/`;
  useSessionStore.getState().readCookies();
});

describe('the home page', () => {
  it('for a team without forms, invites to create the first one and opens it in the builder', async () => {
    const fetch = answerApi((url) => (url === '/api/v1/forms' ? [201, { id: 'new-form' }] : [200, emptyDashboard]));
    const router = await renderPage('/v1');
    expect(await screen.findByRole('heading', { name: 'Legen Sie Ihr erstes Formular an' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('link', { name: 'Mit einer Vorlage beginnen' }).getAttribute('href')).toBe(
      '/v1/forms/templates',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Neues leeres Formular' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/v1/forms/new-form'));
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/forms',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ title: 'Unbenanntes Formular', language: 'de' }),
      }),
    );
  });

  it("greets by first name and shows the team's figures, the week's submissions and the recent forms", async () => {
    answerApi(() => [200, busyDashboard]);
    await renderPage('/en/v1');
    expect(await screen.findByRole('heading', { name: 'Hello, Ada!' })).toBeTruthy();

    const figures = within(screen.getByRole('region', { name: 'At a glance' }));
    expect(figures.getByText('Forms').nextElementSibling?.textContent).toBe('2');
    expect(figures.getByText('Published').nextElementSibling?.textContent).toBe('1');
    expect(figures.getByText('Submissions in 7 days').nextElementSibling?.textContent).toBe('5');

    const chart = within(screen.getByRole('region', { name: 'Submissions in the last 7 days' }));
    expect(chart.getAllByRole('listitem')).toHaveLength(7);
    expect(chart.getByText('Wednesday, May 6: 1 submission')).toBeTruthy();
    expect(chart.getByText('Sunday, May 10: 4 submissions')).toBeTruthy();

    const rows = within(screen.getByRole('table', { name: 'Recently edited' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'SommerfestPublished42 hours ago',
      'FeedbackDraft03 days ago',
    ]);
    expect(screen.getByRole('link', { name: 'Sommerfest' }).getAttribute('href')).toBe('/en/v1/forms/f1');
    expect(screen.getByRole('link', { name: 'All submissions' }).getAttribute('href')).toBe('/en/v1/submissions');
  });

  it('when the dashboard cannot be read, says so and tries again on request', async () => {
    let isDown = true;
    answerApi(() => (isDown ? [503, { error: { code: 'INTERNAL', message: 'down' } }] : [200, busyDashboard]));
    await renderPage('/en/v1');
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Recently edited' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
