import type {
  FormListResponse,
  FormResponse,
  SaveWorkflowRequest,
  WorkflowPeopleResponse,
  WorkflowResponse,
} from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export const findWorkflow = (workflowId: string) => apiRequest<WorkflowResponse>(`/workflows/${workflowId}`);

/** Answers 409 VERSION_CONFLICT when `revision` is not the stored one (someone saved in between). */
export const saveWorkflow = (workflowId: string, request: SaveWorkflowRequest) =>
  apiRequest<WorkflowResponse>(`/workflows/${workflowId}`, { method: 'PUT', body: request });

/** Answers 400 WORKFLOW_INVALID with `details.problems` while the saved draft cannot run. */
export const publishWorkflow = (workflowId: string, revision: number) =>
  apiRequest<WorkflowResponse>(`/workflows/${workflowId}/publish`, { method: 'POST', body: { revision } });

/** Who a step can be assigned to: the team's members and groups. */
export const findPeople = () => apiRequest<WorkflowPeopleResponse>('/workflows/people');

/** The team's active forms a workflow can be attached to (the api's largest page). */
export const listTeamForms = () => apiRequest<FormListResponse>('/forms?sort=title&order=asc&pageSize=100');

/** An attached form with its fields, for the pickers of conditions, assignees, deadlines and screens. */
export const findForm = (formId: string) => apiRequest<FormResponse>(`/forms/${formId}`);
