import type {
  DocumentTemplate,
  DocumentTemplateListResponse,
  FormDocument,
  FormDocumentListResponse,
  FormResponse,
  FormSigningResponse,
  FormSigningSettingsInput,
} from '@formwerk/contracts';
import { apiRequest, csrfTokenHeader } from '@formwerk/platform';

export const findForm = (formId: string) => apiRequest<FormResponse>(`/forms/${formId}`);

export const listDocuments = (formId: string) => apiRequest<FormDocumentListResponse>(`/forms/${formId}/documents`);

export const deleteDocument = (formId: string, documentId: string) =>
  apiRequest<void>(`/forms/${formId}/documents/${documentId}`, { method: 'DELETE' });

export type UploadOutcome = { document: FormDocument } | { errorCode: string };

/**
 * Sends a document's bytes with progress (XMLHttpRequest reports upload progress, fetch does not),
 * with the session's CSRF token as every change of the site does.
 */
export function uploadDocument(formId: string, file: File, onProgress: (share: number) => void) {
  return new Promise<UploadOutcome>((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1/forms/${formId}/documents`);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
    for (const [name, value] of Object.entries(csrfTokenHeader())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      try {
        const body = JSON.parse(request.responseText);
        resolve(request.status === 201 ? { document: body } : { errorCode: body?.error?.code ?? 'unexpected' });
      } catch {
        resolve({ errorCode: 'unexpected' });
      }
    };
    request.onerror = () => resolve({ errorCode: 'NETWORK' });
    request.send(file);
  });
}

export const findFormSigning = (formId: string) => apiRequest<FormSigningResponse>(`/forms/${formId}/signing`);

export const saveFormSigning = (formId: string, settings: FormSigningSettingsInput) =>
  apiRequest<FormSigningResponse>(`/forms/${formId}/signing`, { method: 'PUT', body: settings });

export const deleteFormSigning = (formId: string) => apiRequest<void>(`/forms/${formId}/signing`, { method: 'DELETE' });

/** The team's signature templates, newest first: the first page is as many as a form chooses from. */
export const listSignatureTemplates = () => apiRequest<DocumentTemplateListResponse>('/document-templates');

export const findSignatureTemplate = (templateId: string) =>
  apiRequest<DocumentTemplate>(`/document-templates/${templateId}`);
