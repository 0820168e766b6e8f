import type { FormResponse, FormSettingsResponse, FormSettingTab } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export const findForm = (formId: string) => apiRequest<FormResponse>(`/forms/${formId}`);

export const findFormSettings = (formId: string) => apiRequest<FormSettingsResponse>(`/forms/${formId}/settings`);

/** Answers 409 VERSION_CONFLICT with `details.currentVersion` when the form was saved in between. */
export const saveFormSetting = (formId: string, tab: FormSettingTab, version: number, value: unknown) =>
  apiRequest<FormSettingsResponse>(`/forms/${formId}/settings/${tab}`, { method: 'PUT', body: { version, value } });
