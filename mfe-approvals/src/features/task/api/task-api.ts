import type { DecisionRequest, TaskDetailResponse, WorkflowPeopleResponse } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export const findTask = (taskId: string) => apiRequest<TaskDetailResponse>(`/approvals/tasks/${taskId}`);

export const decideTask = (taskId: string, decision: DecisionRequest) =>
  apiRequest<TaskDetailResponse>(`/approvals/tasks/${taskId}/decision`, { method: 'POST', body: decision });

export const claimTask = (taskId: string) =>
  apiRequest<unknown>(`/approvals/tasks/${taskId}/claim`, { method: 'POST' });

export const releaseTask = (taskId: string) =>
  apiRequest<unknown>(`/approvals/tasks/${taskId}/release`, { method: 'POST' });

export const reassignTask = (taskId: string, userId: string, comment: string) =>
  apiRequest<unknown>(`/approvals/tasks/${taskId}/reassign`, { method: 'POST', body: { userId, comment } });

export const commentOnTask = (taskId: string, text: string) =>
  apiRequest<unknown>(`/approvals/tasks/${taskId}/comments`, { method: 'POST', body: { text } });

/** The team's members, whom a task can be handed to. */
export const listPeople = () => apiRequest<WorkflowPeopleResponse>('/workflows/people');
