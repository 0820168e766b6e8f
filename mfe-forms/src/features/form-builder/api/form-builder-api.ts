import type { FormDefinition, FormResponse } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export const findForm = (formId: string) => apiRequest<FormResponse>(`/forms/${formId}`);

/** Answers 409 VERSION_CONFLICT with `details.currentVersion` when someone saved in between. */
export const saveForm = (formId: string, version: number, definition: FormDefinition) =>
  apiRequest<FormResponse>(`/forms/${formId}`, { method: 'PUT', body: { version, definition } });

export const publishForm = (formId: string) => apiRequest<FormResponse>(`/forms/${formId}/publish`, { method: 'POST' });

export const unpublishForm = (formId: string) =>
  apiRequest<FormResponse>(`/forms/${formId}/unpublish`, { method: 'POST' });

/**
 * Where the builder reads and stores the form it edits: the api for a team's form, the browser for the
 * demo of the home page (features/form-demo). Publishing and the other features of a stored form stay
 * the api's.
 */
export type FormPersistence = {
  find: (formId: string) => Promise<FormResponse>;
  /** Answers the stored form with its new version; rejects with VERSION_CONFLICT like the api. */
  save: (formId: string, version: number, definition: FormDefinition) => Promise<FormResponse>;
};

export const serverPersistence: FormPersistence = { find: findForm, save: saveForm };
