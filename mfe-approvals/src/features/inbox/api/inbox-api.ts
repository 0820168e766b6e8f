import type { BulkDecisionResponse, InboxResponse, WorkflowListResponse } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';
import type { InboxParams } from '../hooks/use-inbox-params';

export const pageSize = 25;

export const listTasks = ({ tab, workflowId, search, page }: InboxParams) => {
  const query = new URLSearchParams({
    tab,
    ...(workflowId ? { workflowId } : {}),
    search,
    page: String(page),
    pageSize: String(pageSize),
  });
  return apiRequest<InboxResponse>(`/approvals/tasks?${query}`);
};

/** The team's workflows, for the filter. */
export const listWorkflows = () => apiRequest<WorkflowListResponse>('/workflows');

export const approveTasks = (taskIds: string[]) =>
  apiRequest<BulkDecisionResponse>('/approvals/bulk-decision', { method: 'POST', body: { taskIds } });
