import type { TaskDetailResponse } from '@formwerk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aTask } from '../../../components/approval-fixtures';
import { answerApi, renderPage } from '../../../test/render-page';

const taskId = 'a00000000000000000000001';
const taskUrl = `/api/v1/approvals/tasks/${taskId}`;

const detail = (overrides: Partial<TaskDetailResponse> = {}): TaskDetailResponse => ({
  task: aTask({ id: taskId, stepLabel: 'Budget prüfen' }),
  rule: { kind: 'atLeast', count: 2 },
  votes: [
    { name: 'Bert Bauer', outcome: 'approved', at: '2026-11-21T09:00:00.000Z', onBehalfOf: 'Anna Adler' },
    { name: 'Carla Christ', outcome: null, at: null, onBehalfOf: null },
    { name: 'Dora Dorn', outcome: null, at: null, onBehalfOf: null },
  ],
  form: {
    title: 'Bestellung',
    description: '',
    language: 'de',
    pages: [
      {
        id: 'p1',
        title: 'Was bestellt wird',
        fields: [
          { id: 'item', type: 'shortText', label: 'Article', required: true },
          { id: 'amount', type: 'number', label: 'Amount', required: true, decimals: 2 },
          { id: 'salary', type: 'shortText', label: 'Salary', required: false },
          { id: 'reason', type: 'longText', label: 'Reason', required: false },
        ],
      },
    ],
  },
  answers: { item: 'Laptop', amount: 1200, salary: '5000', reason: 'The old one broke' },
  screen: {
    id: 's1',
    name: 'Check',
    fields: { item: 'readonly', amount: 'editable', salary: 'hidden' },
    extraFields: [{ id: 'costCentre', label: 'Cost centre', type: 'shortText', required: true }],
  },
  timeline: [
    {
      at: '2026-11-20T08:00:00.000Z',
      kind: 'started',
      actor: 'anna@example.com',
      onBehalfOf: null,
      nodeId: null,
      stepLabel: null,
      comment: null,
    },
    {
      at: '2026-11-21T09:00:00.000Z',
      kind: 'approved',
      actor: 'Bert Bauer',
      onBehalfOf: 'Anna Adler',
      nodeId: 'n1',
      stepLabel: 'Budget prüfen',
      comment: 'Fine by me',
    },
  ],
  decidedBy: null,
  can: { decide: true, claim: false, release: false, reassign: false, isOwnRequest: false },
  ...overrides,
});

const decided = (status: 'approved' | 'rejected', decidedBy: string) =>
  detail({
    task: aTask({ id: taskId, stepLabel: 'Budget prüfen', status }),
    decidedBy,
    can: { ...detail().can, decide: false },
  });

const posts = (fetch: ReturnType<typeof answerApi>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [url, JSON.parse(String(init?.body ?? 'null'))]);

describe('the task page', () => {
  it('shows the answers through the step’s screen: hidden ones left out, read-only as text, editable as inputs', async () => {
    answerApi(() => [200, detail()]);
    await renderPage(`/en/v1/approve/approvals/${taskId}`);
    const answers = await screen.findByRole('region', { name: 'Was bestellt wird' });
    expect(within(answers).getByText('Laptop')).toBeTruthy();
    expect(within(answers).queryByRole('textbox', { name: /Article/ })).toBeNull();
    expect(within(answers).getByText('The old one broke')).toBeTruthy();
    expect(within(answers).getByRole<HTMLInputElement>('spinbutton', { name: /Amount/ }).value).toBe('1200');
    expect(screen.queryByText('Salary')).toBeNull();
    expect(screen.queryByText('5000')).toBeNull();
    expect(screen.getByRole('textbox', { name: /Cost centre/ })).toBeTruthy();
  });

  it('says the completion rule in words, the votes so far and the history with "B for A"', async () => {
    answerApi(() => [200, detail()]);
    await renderPage(`/en/v1/approve/${taskId}`);
    const votes = await screen.findByRole('region', { name: 'Votes' });
    expect(within(votes).getByText('2 of 3 must approve.')).toBeTruthy();
    expect(within(votes).getByText('1 of 3 have approved so far.')).toBeTruthy();
    expect(within(votes).getByText('Bert Bauer for Anna Adler')).toBeTruthy();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Bert Bauer for Anna Adler approved · Budget prüfen')).toBeTruthy();
    expect(within(history).getByText('Fine by me')).toBeTruthy();
  });

  it('refuses to reject without a comment before sending anything, and says so at the comment box', async () => {
    const fetch = answerApi(() => [200, detail()]);
    await renderPage(`/en/v1/approve/approvals/${taskId}`);
    expect(await screen.findByText('Rejecting or requesting changes needs a comment saying why.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const comment = screen.getByRole('textbox', { name: 'Comment' });
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please say why in a comment: rejecting and requesting changes need one.')).toBeTruthy();
    expect(document.activeElement).toBe(comment);
    expect(posts(fetch)).toEqual([]);
  });

  it('approves with the changed answers and the extra fields, then shows the task as decided', async () => {
    const fetch = answerApi((url, init) =>
      url === `${taskUrl}/decision` && init?.method === 'POST'
        ? [200, decided('approved', 'Eva Ernst')]
        : [200, detail()],
    );
    await renderPage(`/en/v1/approve/approvals/${taskId}`);
    fireEvent.change(await screen.findByRole('spinbutton', { name: /Amount/ }), { target: { value: '999' } });
    // The required extra field is asked for before anything is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByRole('textbox', { name: /Cost centre/ }).getAttribute('aria-invalid')).toBe('true');
    expect(posts(fetch)).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /Cost centre/ }), { target: { value: 'K-17' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('You approved this task.')).toBeTruthy();
    expect(posts(fetch)).toEqual([
      [
        `${taskUrl}/decision`,
        { outcome: 'approve', comment: '', answers: { amount: 999 }, extra: { costCentre: 'K-17' } },
      ],
    ]);
    expect(screen.getByText('Eva Ernst decided this task: Approved. It is shown as it was decided.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.getByText('1,200')).toBeTruthy();
  });

  it('when someone else decided meanwhile (TASK_CLOSED), says who and shows the task as it is now', async () => {
    let isClosed = false;
    answerApi((url, init) => {
      if (url === `${taskUrl}/decision` && init?.method === 'POST') {
        isClosed = true;
        return [
          409,
          {
            error: {
              code: 'TASK_CLOSED',
              message: 'closed',
              details: { decidedBy: 'Carla Christ', status: 'rejected' },
            },
          },
        ];
      }
      return [200, isClosed ? decided('rejected', 'Carla Christ') : detail()];
    });
    await renderPage(`/en/v1/approve/approvals/${taskId}`);
    fireEvent.change(await screen.findByRole('textbox', { name: /Cost centre/ }), { target: { value: 'K-17' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), { target: { value: 'Too expensive' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request changes' }));
    expect(await screen.findByText('Carla Christ has already decided this task: Rejected.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
  });

  it('for the requester’s own request, says why deciding is not possible and offers no decision', async () => {
    answerApi(() => [200, detail({ can: { ...detail().can, decide: false, isOwnRequest: true } })]);
    await renderPage(`/v1/approve/${taskId}`);
    const why = await screen.findByRole('region', { name: 'Warum Sie nicht entscheiden können' });
    expect(within(why).getByText(/Sie haben diese Freigabe selbst angefragt/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Freigeben' })).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it('takes a pool task and then offers the decision', async () => {
    let isClaimed = false;
    const poolTask = aTask({ id: taskId, stepLabel: 'Budget prüfen', mode: 'pool' });
    const fetch = answerApi((url, init) => {
      if (url === `${taskUrl}/claim` && init?.method === 'POST') {
        isClaimed = true;
        return [204];
      }
      return [
        200,
        isClaimed
          ? detail({ task: { ...poolTask, claimedBy: 'Eva Ernst' }, can: { ...detail().can, release: true } })
          : detail({ task: poolTask, can: { ...detail().can, decide: false, claim: true } }),
      ];
    });
    await renderPage(`/en/v1/approve/${taskId}`);
    expect(await screen.findByText(/This task lies in your group’s pool/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Take this task' }));
    expect(await screen.findByText('The task is yours now.')).toBeTruthy();
    expect(posts(fetch)).toEqual([[`${taskUrl}/claim`, null]]);
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Give back to the group' })).toBeTruthy();
  });

  it('hands the task to a team member picked from the list, with a note', async () => {
    const fetch = answerApi((url) => {
      if (url === '/api/v1/workflows/people') {
        return [
          200,
          {
            users: [{ id: 'f00000000000000000000002', name: 'Dora Dorn', email: 'dora@example.com' }],
            groups: [],
          },
        ];
      }
      if (url === `${taskUrl}/reassign`) return [204];
      return [200, detail({ can: { ...detail().can, reassign: true } })];
    });
    await renderPage(`/en/v1/approve/${taskId}`);
    const handOn = await screen.findByRole('button', { name: 'Hand on…' });
    fireEvent.click(handOn);
    expect(handOn.getAttribute('aria-expanded')).toBe('true');
    const picker = screen.getByRole('combobox', { name: 'Hand on to' });
    await screen.findByRole('option', { name: 'Dora Dorn (dora@example.com)' });
    fireEvent.change(picker, { target: { value: 'f00000000000000000000002' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Note for them (optional)' }), {
      target: { value: 'You know the budget' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Hand on' }));
    expect(await screen.findByText('The task is now with Dora Dorn.')).toBeTruthy();
    expect(posts(fetch)).toEqual([
      [`${taskUrl}/reassign`, { userId: 'f00000000000000000000002', comment: 'You know the budget' }],
    ]);
  });

  it('when the task is not the reader’s, says it was not found', async () => {
    answerApi(() => [404, { error: { code: 'NOT_FOUND', message: 'gone' } }]);
    await renderPage(`/v1/approve/approvals/${taskId}`);
    expect(await screen.findByRole('heading', { name: 'Aufgabe nicht gefunden' })).toBeTruthy();
  });
});
