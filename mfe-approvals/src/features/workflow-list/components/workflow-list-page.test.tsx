import type { FormListResponse, FormSummary, WorkflowSummary } from '@formwerk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

const workflow = (id: string, name: string, change: Partial<WorkflowSummary> = {}): WorkflowSummary => ({
  id,
  name,
  forms: [],
  publishedVersion: null,
  hasUnpublishedChanges: true,
  runningCount: 0,
  updatedAt: '2026-05-04T14:05:00.000Z',
  ...change,
});

const twoWorkflows = [
  workflow('w1', 'Purchase orders', {
    forms: [{ id: 'f1', title: 'Order form' }],
    publishedVersion: 3,
    hasUnpublishedChanges: true,
    runningCount: 7,
  }),
  workflow('w2', 'Holidays'),
];

const form = (id: string, title: string): FormSummary => ({
  id,
  title,
  status: 'published',
  isArchived: false,
  version: 1,
  fieldCount: 3,
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-04T14:05:00.000Z',
});
const teamForms: FormListResponse = {
  forms: [form('65f0c0ffee0000000000f001', 'Order form'), form('65f0c0ffee0000000000f002', 'Travel')],
  total: 2,
  page: 1,
  pageSize: 100,
};

describe('the workflows list', () => {
  it('shows each workflow with its forms, published version, unpublished changes and running requests', async () => {
    answerApi((url) => (url === '/api/v1/workflows' ? [200, { workflows: twoWorkflows }] : [404]));
    await renderPage('/en/v1/approve/workflows');
    const table = await screen.findByRole('table', { name: '2 workflows' });
    const [purchase, holidays] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent);
    expect(cells(purchase)).toEqual(['Purchase orders', 'Order form', 'Version 3 Unpublished changes', '7']);
    expect(cells(holidays)).toEqual(['Holidays', 'Not attached to a form yet', 'Draft ', '0']);
    expect(screen.getByRole('link', { name: 'Purchase orders' }).getAttribute('href')).toBe('/en/v1/workflow/w1');
    expect(screen.getByRole('link', { name: 'Edit “Holidays”' }).getAttribute('href')).toBe('/en/v1/workflow/w2');
  });

  it('for a team without workflows, explains what one is and offers to create the first', async () => {
    answerApi(() => [200, { workflows: [] }]);
    await renderPage('/v1/approve/workflows');
    expect(await screen.findByText(/Ein Workflow legt fest, wer eine Einsendung freigibt/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Neuer Workflow' })).toBeTruthy();
  });

  it('when the list cannot be read, says why and reads it again on request', async () => {
    let isDown = true;
    answerApi(() =>
      isDown ? [503, { error: { code: 'DATABASE_UNAVAILABLE', message: 'x' } }] : [200, { workflows: twoWorkflows }],
    );
    await renderPage('/en/v1/approve/workflows');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The service is unavailable right now. Please try again in a few seconds.',
    );
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: '2 workflows' })).toBeTruthy();
  });

  it('creates a workflow with a name and the forms chosen, then opens it in the editor', async () => {
    const fetch = answerApi((url, init) => {
      if (url === '/api/v1/workflows' && init?.method === 'POST') return [201, { id: 'w9' }];
      if (url.startsWith('/api/v1/forms')) return [200, teamForms];
      if (url === '/api/v1/workflows') return [200, { workflows: [] }];
      return [404];
    });
    const router = await renderPage('/en/v1/approve/workflows');
    fireEvent.click(await screen.findByRole('button', { name: 'New workflow' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a workflow' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and open' }));
    expect(within(dialog).getByText('Please give the workflow a name.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Travel approval' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Travel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and open' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/v1/workflow/w9'));
    const create = fetch.mock.calls.find(([url, init]) => url === '/api/v1/workflows' && init?.method === 'POST');
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({
      name: 'Travel approval',
      formIds: ['65f0c0ffee0000000000f002'],
    });
  });

  it('deletes a workflow only once confirmed, warning of requests still running, and duplicates one', async () => {
    let workflows = twoWorkflows;
    const fetch = answerApi((url, init) => {
      if (init?.method === 'DELETE') {
        workflows = [twoWorkflows[1] as WorkflowSummary];
        return [204];
      }
      if (url.endsWith('/duplicate')) return [201, { id: 'w3' }];
      return [200, { workflows }];
    });
    await renderPage('/en/v1/approve/workflows');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Purchase orders”' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Purchase orders”?' });
    expect(within(dialog).getByText('7 requests are still running on it.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'DELETE' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('“Purchase orders” was deleted.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/v1/workflows/w1', expect.objectContaining({ method: 'DELETE' }));
    expect(await screen.findByRole('table', { name: '1 workflow' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Duplicate “Holidays”' }));
    expect(await screen.findByText('“Holidays” was duplicated. The copy is in the list.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/v1/workflows/w2/duplicate', expect.objectContaining({ method: 'POST' }));
  });
});
