import type {
  CreateWorkflowRequest,
  FormListResponse,
  WorkflowListResponse,
  WorkflowResponse,
} from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export const listWorkflows = () => apiRequest<WorkflowListResponse>('/workflows');

export const createWorkflow = (request: CreateWorkflowRequest) =>
  apiRequest<WorkflowResponse>('/workflows', { method: 'POST', body: request });

export const duplicateWorkflow = (workflowId: string) =>
  apiRequest<WorkflowResponse>(`/workflows/${workflowId}/duplicate`, { method: 'POST' });

export const deleteWorkflow = (workflowId: string) =>
  apiRequest<void>(`/workflows/${workflowId}`, { method: 'DELETE' });

/** The team's active forms a new workflow can be attached to (the api's largest page). */
export const listTeamForms = () => apiRequest<FormListResponse>('/forms?sort=title&order=asc&pageSize=100');
