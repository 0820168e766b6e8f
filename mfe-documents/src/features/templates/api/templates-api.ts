import type {
  CreateDocumentTemplateRequest,
  DocumentListResponse,
  DocumentTemplate,
  DocumentTemplateListResponse,
  SaveDocumentTemplateRequest,
} from '@formwerk/contracts';
import { apiRequest, csrfTokenHeader } from '@formwerk/platform';

export const listTemplates = (page: number) =>
  apiRequest<DocumentTemplateListResponse>(`/document-templates?page=${page}`);

export const findTemplate = (templateId: string) => apiRequest<DocumentTemplate>(`/document-templates/${templateId}`);

export const createTemplateFromDocument = (request: CreateDocumentTemplateRequest) =>
  apiRequest<DocumentTemplate>('/document-templates', { method: 'POST', body: request });

export const saveTemplate = (templateId: string, request: SaveDocumentTemplateRequest) =>
  apiRequest<DocumentTemplate>(`/document-templates/${templateId}`, { method: 'PUT', body: request });

export const duplicateTemplate = (templateId: string) =>
  apiRequest<DocumentTemplate>(`/document-templates/${templateId}/duplicate`, { method: 'POST' });

export const deleteTemplate = (templateId: string) =>
  apiRequest<void>(`/document-templates/${templateId}`, { method: 'DELETE' });

/** The library's documents whose name matches `search` (its first page), to make a template of one. */
export function findLibraryDocuments(search: string) {
  const query = new URLSearchParams({ page: '1' });
  if (search.trim()) query.set('q', search.trim());
  return apiRequest<DocumentListResponse>(`/documents?${query}`);
}

/** Where a template's PDF is: to show in the editor (in the api's sandbox), or as a download. */
export const templateFileUrl = (templateId: string, { inline = false } = {}) =>
  `/api/v1/document-templates/${templateId}/file${inline ? '?inline=1' : ''}`;

/** How an upload ended: the new template, the api's error code with its details, or cancelled. */
export type UploadOutcome =
  | { template: DocumentTemplate }
  | { errorCode: string; details?: unknown }
  | { isCancelled: true };

function sendPdf(
  file: File,
  name: string,
  onProgress: (share: number) => void,
  signal: AbortSignal,
): Promise<UploadOutcome> {
  const request = new XMLHttpRequest();
  return new Promise<UploadOutcome>((resolve) => {
    request.open('POST', `/api/v1/document-templates?${new URLSearchParams({ name })}`);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
    for (const [header, value] of Object.entries(csrfTokenHeader())) request.setRequestHeader(header, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: { error?: { code?: string; details?: unknown } } | undefined;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status === 201 && body) return resolve({ template: body as unknown as DocumentTemplate });
      resolve({
        errorCode: body?.error?.code ?? (request.status === 413 ? 'FILE_TOO_LARGE' : 'unexpected'),
        details: body?.error?.details,
      });
    };
    request.onerror = () => resolve({ errorCode: 'NETWORK' });
    request.onabort = () => resolve({ isCancelled: true });
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

/**
 * Makes a template of a PDF from the device: its bytes as they are, with progress (XMLHttpRequest
 * reports upload progress, fetch does not), sent once more when the session's CSRF token was missing,
 * as apiRequest does for every other call. Aborting `signal` stops the upload; the api then stores nothing.
 */
export async function uploadTemplate(
  file: File,
  name: string,
  onProgress: (share: number) => void,
  signal: AbortSignal,
): Promise<UploadOutcome> {
  const outcome = await sendPdf(file, name, onProgress, signal);
  if (!('errorCode' in outcome) || outcome.errorCode !== 'CSRF_TOKEN_INVALID') return outcome;
  await fetch('/api/v1/auth/session', { credentials: 'same-origin' }).catch(() => undefined);
  return sendPdf(file, name, onProgress, signal);
}
