import type {
  DocumentFolder,
  DocumentListResponse,
  DocumentSummary,
  FolderRequest,
  UpdateDocumentRequest,
} from '@formwerk/contracts';
import { apiRequest, csrfTokenHeader } from '@formwerk/platform';

export type DocumentListParams = { page: number; folderId: string; search: string };

export function listDocuments({ page, folderId, search }: DocumentListParams) {
  const query = new URLSearchParams({ page: String(page) });
  if (folderId) query.set('folderId', folderId);
  if (search.trim()) query.set('q', search.trim());
  return apiRequest<DocumentListResponse>(`/documents?${query}`);
}

export const findDocument = (documentId: string) => apiRequest<DocumentSummary>(`/documents/${documentId}`);

export const updateDocument = (documentId: string, change: UpdateDocumentRequest) =>
  apiRequest<DocumentSummary>(`/documents/${documentId}`, { method: 'PATCH', body: change });

export const deleteDocument = (documentId: string) =>
  apiRequest<void>(`/documents/${documentId}`, { method: 'DELETE' });

export const createFolder = (request: FolderRequest) =>
  apiRequest<DocumentFolder>('/documents/folders', { method: 'POST', body: request });

export const renameFolder = (folderId: string, request: FolderRequest) =>
  apiRequest<DocumentFolder>(`/documents/folders/${folderId}`, { method: 'PATCH', body: request });

export const deleteFolder = (folderId: string) =>
  apiRequest<void>(`/documents/folders/${folderId}`, { method: 'DELETE' });

/** Where a document's bytes are: as a download, or (`inline`) to show in the browser. */
export const documentFileUrl = (documentId: string, { inline = false } = {}) =>
  `/api/v1/documents/${documentId}/file${inline ? '?inline=1' : ''}`;

/** How an upload ended: the stored document, or the api's error code with its details. */
export type UploadOutcome =
  | { document: DocumentSummary }
  | { errorCode: string; details?: unknown }
  | { isCancelled: true };

export type Upload = { outcome: Promise<UploadOutcome>; cancel: () => void };

/**
 * Sends a PDF's bytes as they are, its name in `X-File-Name`, with progress (XMLHttpRequest reports
 * upload progress, fetch does not) and the session's CSRF token as every change of the site does.
 * `cancel` aborts the request; the api then stores nothing.
 */
export function uploadDocument(file: File, folderId: string, onProgress: (share: number) => void): Upload {
  const request = new XMLHttpRequest();
  const outcome = new Promise<UploadOutcome>((resolve) => {
    const query = folderId ? `?folderId=${encodeURIComponent(folderId)}` : '';
    request.open('POST', `/api/v1/documents${query}`);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
    for (const [name, value] of Object.entries(csrfTokenHeader())) request.setRequestHeader(name, value);
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
      if (request.status === 201 && body) return resolve({ document: body as unknown as DocumentSummary });
      resolve({
        errorCode: body?.error?.code ?? (request.status === 413 ? 'FILE_TOO_LARGE' : 'unexpected'),
        details: body?.error?.details,
      });
    };
    request.onerror = () => resolve({ errorCode: 'NETWORK' });
    request.onabort = () => resolve({ isCancelled: true });
    request.send(file);
  });
  return { outcome, cancel: () => request.abort() };
}
