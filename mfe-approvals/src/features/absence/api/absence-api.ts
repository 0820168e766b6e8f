import type {
  AbsenceRequest,
  AbsenceResponse,
  WorkflowListResponse,
  WorkflowPeopleResponse,
} from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export const findAbsence = () => apiRequest<AbsenceResponse>('/approvals/absence');

export const saveAbsence = (request: AbsenceRequest) =>
  apiRequest<AbsenceResponse>('/approvals/absence', { method: 'PUT', body: request });

export const deleteAbsence = () => apiRequest<void>('/approvals/absence', { method: 'DELETE' });

/** The team's members, who may stand in. */
export const listPeople = () => apiRequest<WorkflowPeopleResponse>('/workflows/people');

/** The team's workflows, which an absence may be limited to. */
export const listWorkflows = () => apiRequest<WorkflowListResponse>('/workflows');
