import type { FormResponse, SubmissionDto, SubmissionSigning } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export const findSubmission = (submissionId: string) => apiRequest<SubmissionDto>(`/submissions/${submissionId}`);

export const findForm = (formId: string) => apiRequest<FormResponse>(`/forms/${formId}`);

/** A submission together with its form, whose definition names and orders the answers. */
export async function findSubmissionWithForm(submissionId: string) {
  const submission = await findSubmission(submissionId);
  return { submission, form: await findForm(submission.formId) };
}

export const deleteSubmission = (formId: string, submissionId: string) =>
  apiRequest<{ deleted: number }>(`/forms/${formId}/submissions/delete`, {
    method: 'POST',
    body: { ids: [submissionId] },
  });

/** The submission as a PDF in its form's language, laid out as this page shows it. */
export const submissionPdfUrl = (formId: string, submissionId: string) =>
  `/api/v1/forms/${formId}/submissions/${submissionId}/pdf`;

/** What became of the document the submission sent to sign; 404 when it sent none. */
export const findSubmissionSigning = (submissionId: string) =>
  apiRequest<SubmissionSigning>(`/submissions/${submissionId}/signing`);
