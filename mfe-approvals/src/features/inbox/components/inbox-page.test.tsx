import { answerMediaQueries } from '@formwerk/ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { anInbox, aTask } from '../../../components/approval-fixtures';
import { answerApi, renderPage } from '../../../test/render-page';

const workflows = {
  workflows: [
    { id: 'c00000000000000000000001', name: 'Einkauf' },
    { id: 'c00000000000000000000002', name: 'Urlaub' },
  ],
};

const budget = aTask({ id: 'a00000000000000000000001', stepLabel: 'Budget prüfen', canBulkApprove: true });
const holiday = aTask({
  id: 'a00000000000000000000002',
  stepLabel: 'Urlaub genehmigen',
  formTitle: 'Urlaubsantrag',
  submissionNumber: 7,
  requester: null,
  isOverdue: true,
  onBehalfOf: 'Bert Bauer',
  canBulkApprove: true,
});
const contract = aTask({ id: 'a00000000000000000000003', stepLabel: 'Vertrag lesen', canBulkApprove: false });

const taskUrls = (fetch: ReturnType<typeof answerApi>) =>
  fetch.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/v1/approvals/tasks'));

afterEach(() => answerMediaQueries(true));

describe('the approvals inbox', () => {
  it('on a phone, lists the tasks as cards: step, form, requester, due date, "overdue" and "for A" in words', async () => {
    answerApi((url) => (url === '/api/v1/workflows' ? [200, workflows] : [200, anInbox([budget, holiday])]));
    await renderPage('/en/v1/approve/approvals');
    const card = (await screen.findByRole('article', { name: 'Urlaub genehmigen' })) as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Urlaub genehmigen' }).getAttribute('href')).toBe(
      '/en/v1/approve/approvals/a00000000000000000000002',
    );
    expect(within(card).getByText('Urlaubsantrag #7')).toBeTruthy();
    expect(within(card).getByText('Anonymous')).toBeTruthy();
    expect(within(card).getByText(/Overdue/)).toBeTruthy();
    expect(within(card).getByText('For Bert Bauer')).toBeTruthy();
    const other = screen.getByRole('article', { name: 'Budget prüfen' });
    expect(within(other).queryByText(/Overdue/)).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('on a desktop, lists the tasks in a table named by the count', async () => {
    answerMediaQueries(false);
    answerApi((url) => (url === '/api/v1/workflows' ? [200, workflows] : [200, anInbox([budget, holiday])]));
    await renderPage('/en/v1/approve/approvals');
    const table = await screen.findByRole('table', { name: '2 tasks' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('link')[0]?.textContent)).toEqual([
      'Budget prüfen',
      'Urlaub genehmigen',
    ]);
    expect(within(rows[1] as HTMLElement).getByText(/Overdue/)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows the open counts on the tabs, and a tab, a search and a workflow go to the api and into the address', async () => {
    const fetch = answerApi((url) =>
      url === '/api/v1/workflows'
        ? [200, workflows]
        : [200, anInbox([budget], { counts: { mine: 1, pool: 4, delegated: 0, overdue: 2 } })],
    );
    const router = await renderPage('/en/v1/approve/approvals');
    const tabs = await screen.findByRole('navigation', { name: 'Task lists' });
    await waitFor(() => expect(within(tabs).getByRole('link', { name: 'Group pool 4' })).toBeTruthy());
    expect(within(tabs).getByRole('link', { name: 'Mine 1' }).getAttribute('aria-current')).toBe('page');
    expect(taskUrls(fetch)).toEqual(['/api/v1/approvals/tasks?tab=mine&search=&page=1&pageSize=25']);

    fireEvent.click(within(tabs).getByRole('link', { name: 'Group pool 4' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=pool'));
    await waitFor(() =>
      expect(taskUrls(fetch)).toContain('/api/v1/approvals/tasks?tab=pool&search=&page=1&pageSize=25'),
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Task lists' }))
        .getByRole('link', { name: 'Group pool 4' })
        .getAttribute('aria-current'),
    ).toBe('page');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Budget' } });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=pool&search=Budget'));
    await waitFor(() =>
      expect(taskUrls(fetch)).toContain('/api/v1/approvals/tasks?tab=pool&search=Budget&page=1&pageSize=25'),
    );
    fireEvent.change(await screen.findByRole('combobox', { name: 'Workflow' }), {
      target: { value: 'c00000000000000000000002' },
    });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?tab=pool&search=Budget&workflowId=c00000000000000000000002'),
    );
    await waitFor(() =>
      expect(taskUrls(fetch)).toContain(
        '/api/v1/approvals/tasks?tab=pool&workflowId=c00000000000000000000002&search=Budget&page=1&pageSize=25',
      ),
    );
  });

  it('reads tab, search, workflow and page from the address and pages on, keeping them', async () => {
    const fetch = answerApi((url) =>
      url === '/api/v1/workflows' ? [200, workflows] : [200, anInbox([budget], { total: 60, page: 2 })],
    );
    const router = await renderPage(
      '/en/v1/approve/approvals?tab=overdue&search=bud&workflowId=c00000000000000000000001&page=2',
    );
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('bud');
    await waitFor(() =>
      expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Workflow' }).value).toBe(
        'c00000000000000000000001',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?tab=overdue&search=bud&workflowId=c00000000000000000000001&page=3'),
    );
    await waitFor(() =>
      expect(taskUrls(fetch)).toContain(
        '/api/v1/approvals/tasks?tab=overdue&workflowId=c00000000000000000000001&search=bud&page=3&pageSize=25',
      ),
    );
  });

  it('approves the selected tasks only once confirmed, then reports how many and why the others were skipped', async () => {
    let inbox = anInbox([budget, holiday, contract]);
    const fetch = answerApi((url) => {
      if (url === '/api/v1/workflows') return [200, workflows];
      if (url === '/api/v1/approvals/bulk-decision') {
        inbox = anInbox([holiday, contract]);
        return [200, { approved: [budget.id], skipped: [{ taskId: holiday.id, code: 'TASK_CLOSED' }] }];
      }
      return [200, inbox];
    });
    await renderPage('/en/v1/approve/approvals');
    await screen.findByRole('article', { name: 'Budget prüfen' });
    // A task whose step asks for input cannot be ticked.
    expect(screen.queryByRole('checkbox', { name: 'Select: Vertrag lesen – Bestellung #42' })).toBeNull();
    const approveSelected = screen.getByRole('button', { name: 'Approve selected (0)' });
    expect(approveSelected.hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select: Budget prüfen – Bestellung #42' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select: Urlaub genehmigen – Urlaubsantrag #7' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve 2 tasks?' });
    expect(fetch).not.toHaveBeenCalledWith('/api/v1/approvals/bulk-decision', expect.anything());

    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const status = await screen.findByText('1 task approved.', { exact: false });
    expect(status.closest('[role="status"]')?.textContent).toContain(
      '1 task approved. 1 skipped:Urlaub genehmigen – Urlaubsantrag #7: already decided',
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/approvals/bulk-decision',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ taskIds: [budget.id, holiday.id] }) }),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Budget prüfen' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Approve selected (0)' })).toBeTruthy();
  });

  it('offers no selection in the done tab', async () => {
    answerApi((url) =>
      url === '/api/v1/workflows' ? [200, workflows] : [200, anInbox([{ ...budget, status: 'approved' }])],
    );
    await renderPage('/en/v1/approve/approvals?tab=done');
    const card = await screen.findByRole('article', { name: 'Budget prüfen' });
    expect(within(card).getByText('Approved')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Approve selected/ })).toBeNull();
  });

  it('says when a tab is empty, and when a search finds nothing clears it on request', async () => {
    answerApi((url) => (url === '/api/v1/workflows' ? [200, workflows] : [200, anInbox([])]));
    const router = await renderPage('/v1/approve/approvals?tab=pool');
    expect(await screen.findByText('Der Pool Ihrer Gruppen ist leer.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Meine Aufgaben anzeigen' }).getAttribute('href')).toBe(
      '/v1/approve/approvals',
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Suche' }), { target: { value: 'xyz' } });
    expect(await screen.findByText('Keine Aufgabe passt zu „xyz“.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Suche zurücksetzen' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=pool'));
  });

  it('when the list cannot be read, says why and tries again on request', async () => {
    let isDown = true;
    answerApi((url) => {
      if (url === '/api/v1/workflows') return [403, { error: { code: 'FORBIDDEN', message: 'no' } }];
      return isDown ? [503, { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } }] : [200, anInbox([budget])];
    });
    await renderPage('/v1/approve/approvals');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es in ein paar Sekunden noch einmal.',
    );
    // Without the team's workflows to choose from, the filter stays away.
    expect(screen.queryByRole('combobox', { name: 'Workflow' })).toBeNull();
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('article', { name: 'Budget prüfen' })).toBeTruthy();
  });
});
