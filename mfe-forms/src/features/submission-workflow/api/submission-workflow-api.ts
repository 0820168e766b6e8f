import type { FormResponse, InstanceResponse, SubmissionDto } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

/** The approval of a submission; NOT_FOUND when none ran for it. */
export const findInstance = (submissionId: string) =>
  apiRequest<InstanceResponse>(`/submissions/${submissionId}/workflow`);

export const withdrawInstance = (instanceId: string, comment: string) =>
  apiRequest<unknown>(`/workflow-instances/${instanceId}/withdraw`, { method: 'POST', body: { comment } });

export const resubmitInstance = (instanceId: string, answers: Record<string, unknown>) =>
  apiRequest<unknown>(`/workflow-instances/${instanceId}/resubmit`, { method: 'POST', body: { answers } });

/** The submission with its form, whose fields the requester may change while changes are requested. */
export async function findSubmissionWithForm(submissionId: string) {
  const submission = await apiRequest<SubmissionDto>(`/submissions/${submissionId}`);
  return { submission, form: await apiRequest<FormResponse>(`/forms/${submission.formId}`) };
}
