import type { FormDefinition, FormResponse } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export const findForm = (formId: string) => apiRequest<FormResponse>(`/forms/${formId}`);

/** Answers 409 VERSION_CONFLICT with `details.currentVersion` when someone saved in between. */
export const saveForm = (formId: string, version: number, definition: FormDefinition) =>
  apiRequest<FormResponse>(`/forms/${formId}`, { method: 'PUT', body: { version, definition } });

export const publishForm = (formId: string) => apiRequest<FormResponse>(`/forms/${formId}/publish`, { method: 'POST' });

export const unpublishForm = (formId: string) =>
  apiRequest<FormResponse>(`/forms/${formId}/unpublish`, { method: 'POST' });
