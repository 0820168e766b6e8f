import type { FormResponse } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export const findForm = (formId: string) => apiRequest<FormResponse>(`/forms/${formId}`);

/** Puts the current definition on the public link. */
export const publishForm = (formId: string) => apiRequest<FormResponse>(`/forms/${formId}/publish`, { method: 'POST' });
