import type { FormListResponse, FormResponse, formListQuerySchema } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

type ListQuery = ReturnType<typeof formListQuerySchema.parse>;

export const listForms = ({ page, pageSize, archived, ...texts }: ListQuery) => {
  const query = new URLSearchParams({
    ...texts,
    page: String(page),
    pageSize: String(pageSize),
    archived: String(archived),
  });
  return apiRequest<FormListResponse>(`/forms?${query}`);
};

export const duplicateForm = (formId: string) =>
  apiRequest<FormResponse>(`/forms/${formId}/duplicate`, { method: 'POST' });

export const archiveForm = (formId: string) => apiRequest<FormResponse>(`/forms/${formId}/archive`, { method: 'POST' });

export const restoreForm = (formId: string) => apiRequest<FormResponse>(`/forms/${formId}/restore`, { method: 'POST' });

export const deleteForm = (formId: string) => apiRequest<void>(`/forms/${formId}`, { method: 'DELETE' });
