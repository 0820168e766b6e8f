import type { FormResponse, InstanceResponse, SubmissionDto } from '@formwerk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

// React Flow measures its frame and nodes; jsdom has no ResizeObserver (https://github.com/jsdom/jsdom/issues/3368).
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const submissionId = 'e00000000000000000000001';
const instanceId = 'b00000000000000000000001';
const workflowUrl = `/api/v1/submissions/${submissionId}/workflow`;

const instance = (overrides: Partial<InstanceResponse> = {}): InstanceResponse => ({
  id: instanceId,
  workflowId: 'c00000000000000000000001',
  workflowName: 'Purchase',
  version: 3,
  status: 'running',
  graph: {
    nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 } },
      {
        id: 'check',
        type: 'approval',
        label: 'Check the budget',
        position: { x: 260, y: 0 },
        assignees: [],
        mode: 'vote',
        rule: { kind: 'any' },
      },
      { id: 'done', type: 'end', outcome: 'approved', position: { x: 520, y: 0 } },
      { id: 'no', type: 'end', outcome: 'rejected', position: { x: 520, y: 120 } },
    ],
    edges: [
      { id: 'e1', source: 'start', sourceHandle: 'out', target: 'check' },
      { id: 'e2', source: 'check', sourceHandle: 'approved', target: 'done' },
      { id: 'e3', source: 'check', sourceHandle: 'rejected', target: 'no' },
    ],
    screens: [],
  },
  nodeStates: { start: 'passed', check: 'active' },
  timeline: [
    {
      at: '2026-11-20T08:00:00.000Z',
      kind: 'started',
      actor: 'anna@example.com',
      onBehalfOf: null,
      nodeId: 'start',
      stepLabel: null,
      comment: null,
    },
  ],
  startedAt: '2026-11-20T08:00:00.000Z',
  endedAt: null,
  changesRequested: null,
  can: { withdraw: true, resubmit: false },
  viewer: 'team',
  ...overrides,
});

const submission = {
  id: submissionId,
  formId: 'd00000000000000000000001',
  answers: { item: 'Laptop', amount: 1200 },
} as unknown as SubmissionDto;

const form = {
  id: 'd00000000000000000000001',
  definition: {
    title: 'Order',
    description: '',
    language: 'en',
    pages: [
      {
        id: 'p1',
        fields: [
          { id: 'item', type: 'shortText', label: 'Article', required: true },
          { id: 'amount', type: 'number', label: 'Amount', required: true, decimals: 2 },
        ],
      },
    ],
  },
} as unknown as FormResponse;

const posts = (fetch: ReturnType<typeof answerApi>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [url, JSON.parse(String(init?.body))]);

describe('the approval of a submission', () => {
  it('draws the workflow with the active step marked in words, the legend and the status', async () => {
    answerApi(() => [200, instance()]);
    await renderPage(`/en/v1/submissions/${submissionId}/workflow`);
    const graph = await screen.findByRole('region', { name: 'Where the approval stands' });
    const active = within(graph).getByRole('group', { name: 'Check the budget: In progress' });
    expect(active.textContent).toContain('In progress');
    expect(active.querySelector('.workflow-view-node--active')).toBeTruthy();
    expect(within(graph).getByRole('group', { name: 'Start: Passed' })).toBeTruthy();
    expect(within(graph).getByRole('group', { name: 'Approved: Not reached' })).toBeTruthy();
    const legend = within(graph).getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.slice(1)),
    ).toEqual(['In progress', 'Approved', 'Rejected', 'Passed', 'Cancelled', 'Not reached']);
    const status = screen.getByRole('region', { name: 'Purchase' });
    expect(within(status).getByText('Running')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Approval history' }).getAttribute('aria-current')).toBe('page');
    expect(
      within(screen.getByRole('region', { name: 'History' })).getByText('anna@example.com started the approval'),
    ).toBeTruthy();
  });

  it('shows a requester from outside the team their request, without the ways to the team’s answers and charts', async () => {
    answerApi(() => [200, instance({ viewer: 'requester' })]);
    await renderPage(`/en/v1/submissions/${submissionId}/workflow`);
    expect(await screen.findByRole('region', { name: 'Where the approval stands' })).toBeTruthy();
    expect(screen.getByText('Your request')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Approval history' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Back to the answers' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Withdraw…' })).toBeTruthy();
  });

  it('while changes are requested, says what was asked and sends the fields opened for change again', async () => {
    let isResubmitted = false;
    const fetch = answerApi((url, init) => {
      if (url === `/api/v1/workflow-instances/${instanceId}/resubmit` && init?.method === 'POST') {
        isResubmitted = true;
        return [200, {}];
      }
      if (url === `/api/v1/submissions/${submissionId}`) return [200, submission];
      if (url === '/api/v1/forms/d00000000000000000000001') return [200, form];
      return [
        200,
        isResubmitted
          ? instance()
          : instance({
              status: 'changesRequested',
              nodeStates: { start: 'passed', check: 'active' },
              changesRequested: { comment: 'Please lower the amount', by: 'Bert Bauer', editableFieldIds: ['amount'] },
              can: { withdraw: true, resubmit: true },
            }),
      ];
    });
    await renderPage(`/en/v1/submissions/${submissionId}/workflow`);
    const changes = await screen.findByRole('region', { name: 'Changes requested' });
    expect(within(changes).getByText('Bert Bauer asks for these changes:')).toBeTruthy();
    expect(within(changes).getByText('Please lower the amount')).toBeTruthy();
    const amount = await within(changes).findByRole<HTMLInputElement>('spinbutton', { name: /Amount/ });
    expect(amount.value).toBe('1200');
    expect(within(changes).queryByRole('textbox', { name: /Article/ })).toBeNull();

    fireEvent.change(amount, { target: { value: '' } });
    fireEvent.click(within(changes).getByRole('button', { name: 'Resubmit' }));
    expect(within(changes).getByText('Please fill in this field.')).toBeTruthy();
    expect(posts(fetch)).toEqual([]);

    fireEvent.change(amount, { target: { value: '900' } });
    fireEvent.click(within(changes).getByRole('button', { name: 'Resubmit' }));
    expect(await screen.findByText('Sent again. The approval goes on.')).toBeTruthy();
    expect(posts(fetch)).toEqual([[`/api/v1/workflow-instances/${instanceId}/resubmit`, { answers: { amount: 900 } }]]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Changes requested' })).toBeNull());
  });

  it('withdraws the request only once confirmed, with the reason given', async () => {
    let isWithdrawn = false;
    const fetch = answerApi((url, init) => {
      if (url.endsWith('/withdraw') && init?.method === 'POST') {
        isWithdrawn = true;
        return [200, {}];
      }
      return [
        200,
        isWithdrawn ? instance({ status: 'withdrawn', can: { withdraw: false, resubmit: false } }) : instance(),
      ];
    });
    await renderPage(`/en/v1/submissions/${submissionId}/workflow`);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw…' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this request?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Why (optional)' }), {
      target: { value: 'Bought elsewhere' },
    });
    expect(posts(fetch)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The request was withdrawn.')).toBeTruthy();
    expect(posts(fetch)).toEqual([
      [`/api/v1/workflow-instances/${instanceId}/withdraw`, { comment: 'Bought elsewhere' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Withdraw…' })).toBeNull());
    expect(within(screen.getByRole('region', { name: 'Purchase' })).getByText('Withdrawn')).toBeTruthy();
  });

  it('when a withdrawal comes too late (INSTANCE_CLOSED), says so in words', async () => {
    answerApi((url, init) =>
      url.endsWith('/withdraw') && init?.method === 'POST'
        ? [409, { error: { code: 'INSTANCE_CLOSED', message: 'closed' } }]
        : [200, instance()],
    );
    await renderPage(`/v1/submissions/${submissionId}/workflow`);
    fireEvent.click(await screen.findByRole('button', { name: 'Zurückziehen …' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Zurückziehen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Diese Anfrage ist bereits abgeschlossen oder wartet gerade nicht auf Sie.',
    );
  });

  it('when no workflow ran for the submission, says so kindly and leads to the workflows', async () => {
    answerApi((url) => (url === workflowUrl ? [404, { error: { code: 'NOT_FOUND', message: 'none' } }] : [500]));
    await renderPage(`/v1/submissions/${submissionId}/workflow`);
    expect(await screen.findByRole('heading', { name: 'Keine Freigabe für diese Einsendung' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Workflows ansehen' }).getAttribute('href')).toBe('/v1/approve/workflows');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
