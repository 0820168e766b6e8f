import type { FormResponse, SubmissionListResponse, TeamSubmissionListResponse } from '@formwerk/contracts';
import { apiRequest, type Locale } from '@formwerk/platform';

export type SubmissionQuery = {
  page: number;
  pageSize: number;
  sort: string;
  order: 'asc' | 'desc';
  /** Text per field id, sent as `filter.<fieldId>`. */
  filter: Record<string, string>;
  /** Part of a reference number; empty for all. */
  reference?: string;
};

function toSearch(entries: Record<string, string | number>, filter: Record<string, string> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(entries)) search.set(key, String(value));
  for (const [fieldId, text] of Object.entries(filter)) search.set(`filter.${fieldId}`, text);
  return search.toString();
}

export const findForm = (formId: string) => apiRequest<FormResponse>(`/forms/${formId}`);

export const listFormSubmissions = (formId: string, { filter, reference, ...query }: SubmissionQuery) =>
  apiRequest<SubmissionListResponse>(
    `/forms/${formId}/submissions?${toSearch(reference ? { ...query, reference } : query, filter)}`,
  );

export const listTeamSubmissions = (page: number, pageSize: number) =>
  apiRequest<TeamSubmissionListResponse>(
    `/submissions?${toSearch({ page, pageSize, sort: 'createdAt', order: 'desc' })}`,
  );

export const deleteSubmissions = (formId: string, ids: string[]) =>
  apiRequest<{ deleted: number }>(`/forms/${formId}/submissions/delete`, { method: 'POST', body: { ids } });

/** A plain link the browser downloads from, so the api can stream a large file straight to disk. */
export const exportUrl = (
  formId: string,
  format: 'csv' | 'xlsx',
  locale: Locale,
  filter: Record<string, string>,
  reference: string,
) =>
  `/api/v1/forms/${formId}/submissions/export?${toSearch(reference ? { format, locale, reference } : { format, locale }, filter)}`;
