import type { ApprovalsOverviewResponse } from '@formwerk/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aTask } from '../../../components/approval-fixtures';
import { answerApi, renderPage } from '../../../test/render-page';

const overview = (overrides: Partial<ApprovalsOverviewResponse> = {}): ApprovalsOverviewResponse => ({
  counts: { mine: 3, pool: 2, delegated: 1, overdue: 1, waitingOnOthers: 4 },
  dueFirst: [aTask({ stepLabel: 'Budget prüfen', isOverdue: true })],
  stuck: [],
  ...overrides,
});

describe('the approvals overview', () => {
  it('links each count to its inbox tab and lists what is due first', async () => {
    answerApi(() => [200, overview()]);
    await renderPage('/en/v1/approve');
    const counts = await screen.findByRole('region', { name: 'Waiting for you' });
    const hrefOf = (name: string) => within(counts).getByRole('link', { name }).getAttribute('href');
    expect(hrefOf('3 Mine')).toBe('/en/v1/approve/approvals');
    expect(hrefOf('2 Group pool')).toBe('/en/v1/approve/approvals?tab=pool');
    expect(hrefOf('1 Delegated')).toBe('/en/v1/approve/approvals?tab=delegated');
    expect(hrefOf('1 Overdue')).toBe('/en/v1/approve/approvals?tab=overdue');
    expect(hrefOf('4 Waiting on others')).toBe('/en/v1/approve/workflows');
    const dueFirst = screen.getByRole('region', { name: 'Due first' });
    const card = within(dueFirst).getByRole('article', { name: 'Budget prüfen' });
    expect(within(card).getByText(/Overdue/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Stuck approvals' })).toBeNull();
  });

  it('for someone with nothing to decide, says so and leads to setting up a workflow', async () => {
    answerApi(() => [
      200,
      overview({ counts: { mine: 0, pool: 0, delegated: 0, overdue: 0, waitingOnOthers: 0 }, dueFirst: [] }),
    ]);
    await renderPage('/v1/approve');
    expect(await screen.findByRole('heading', { name: 'Nichts zu entscheiden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Workflow einrichten' }).getAttribute('href')).toBe(
      '/v1/approve/workflows',
    );
    expect(screen.queryByRole('region', { name: 'Wartet auf Sie' })).toBeNull();
  });

  it('shows a team admin the stuck approvals, each linked to its history', async () => {
    answerApi(() => [
      200,
      overview({
        stuck: [
          {
            instanceId: 'b00000000000000000000009',
            submissionId: 'e00000000000000000000009',
            workflowName: 'Urlaub',
            startedAt: '2026-09-01T08:00:00.000Z',
          },
        ],
      }),
    ]);
    await renderPage('/en/v1/approve');
    const stuck = await screen.findByRole('region', { name: 'Stuck approvals' });
    expect(within(stuck).getByRole('link', { name: 'Urlaub' }).getAttribute('href')).toBe(
      '/en/v1/submissions/e00000000000000000000009/workflow',
    );
  });

  it('when the overview cannot be read, says why and tries again on request', async () => {
    let isDown = true;
    answerApi(() => (isDown ? [429, { error: { code: 'RATE_LIMITED', message: 'slow down' } }] : [200, overview()]));
    await renderPage('/en/v1/approve');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please wait a moment.');
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Due first' })).toBeTruthy();
  });
});
