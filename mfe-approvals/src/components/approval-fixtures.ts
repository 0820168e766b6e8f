import type { InboxResponse, TaskSummary } from '@formwerk/contracts';

/** A task as the api lists it, for the page tests; `overrides` set what a test is about. */
export const aTask = (overrides: Partial<TaskSummary> = {}): TaskSummary => ({
  id: 'a00000000000000000000001',
  instanceId: 'b00000000000000000000001',
  workflowId: 'c00000000000000000000001',
  workflowName: 'Einkauf',
  stepLabel: 'Budget prüfen',
  formId: 'd00000000000000000000001',
  formTitle: 'Bestellung',
  submissionId: 'e00000000000000000000001',
  submissionNumber: 42,
  requester: 'anna@example.com',
  mode: 'vote',
  status: 'open',
  claimedBy: null,
  onBehalfOf: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  dueAt: '2026-11-24T16:00:00.000Z',
  isOverdue: false,
  canBulkApprove: false,
  ...overrides,
});

/** One page of the inbox holding `tasks`. */
export const anInbox = (tasks: TaskSummary[], overrides: Partial<InboxResponse> = {}): InboxResponse => ({
  tasks,
  total: tasks.length,
  page: 1,
  pageSize: 25,
  counts: { mine: tasks.length, pool: 0, delegated: 0, overdue: 0 },
  ...overrides,
});
