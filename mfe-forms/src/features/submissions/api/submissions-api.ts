import type {
  ErrorBody,
  FormResponse,
  SubmissionErasuresResponse,
  SubmissionListResponse,
  TeamSubmissionListResponse,
} from '@formwerk/contracts';
import { ApiError, apiRequest, type Locale } from '@formwerk/platform';

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

/** The submissions of the form its respondents erased (number and date only). */
export const listErasures = (formId: string) => apiRequest<SubmissionErasuresResponse>(`/forms/${formId}/erasures`);

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

/** The ticked rows (`ids`) or else the rows the table's filters keep, one PDF each in a zip. */
export const pdfZipUrl = (formId: string, filter: Record<string, string>, reference: string, ids: string[]) =>
  `/api/v1/forms/${formId}/submissions/export.zip?${toSearch(
    ids.length > 0 ? { ids: ids.join(',') } : reference ? { reference } : {},
    ids.length > 0 ? {} : filter,
  )}`;

/** The name the api gave a download (Content-Disposition, its UTF-8 form first), else `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A name the browser cannot decode: the plain one below does.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * Fetches a file the api makes on request (the zip of PDFs), so a refusal comes back as an ApiError
 * the page explains instead of as a broken download; answers its bytes and name.
 */
export async function fetchDownload(url: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ApiError('NETWORK', 0);
  }
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => undefined);
    const error = (data as Partial<ErrorBody> | undefined)?.error;
    throw new ApiError(error?.code ?? 'INTERNAL', response.status, error?.details);
  }
  return { blob: await response.blob(), fileName: fileNameOf(response, fallbackName) };
}
