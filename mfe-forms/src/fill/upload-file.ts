import type { FileAnswer } from '@formwerk/contracts';
import type { UploadFile, UploadProblem } from '@formwerk/form-renderer';

const errorCodeOf = (body: string): unknown => {
  try {
    return (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;
  } catch {
    return undefined;
  }
};

/**
 * Sends a respondent's file to the public upload of the form, with progress (XMLHttpRequest reports
 * upload progress, fetch does not). The bytes go as they are; the api tells their type by content.
 */
export function createUploader(formId: string): UploadFile {
  return (fieldId, file, name, onProgress) =>
    new Promise<FileAnswer | UploadProblem>((resolve) => {
      const request = new XMLHttpRequest();
      request.open(
        'POST',
        `/api/v1/public/forms/${encodeURIComponent(formId)}/files?fieldId=${encodeURIComponent(fieldId)}`,
      );
      request.setRequestHeader('Content-Type', 'application/octet-stream');
      request.setRequestHeader('X-File-Name', encodeURIComponent(name));
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      request.onload = () => {
        if (request.status === 413) return resolve('tooLarge');
        if (request.status === 415) return resolve('typeNotAllowed');
        if (request.status === 409 && errorCodeOf(request.responseText) === 'STORAGE_LIMIT_REACHED') {
          return resolve('noRoom');
        }
        if (request.status !== 201) return resolve('failed');
        try {
          resolve(JSON.parse(request.responseText) as FileAnswer);
        } catch {
          resolve('failed');
        }
      };
      request.onerror = () => resolve('failed');
      request.send(file);
    });
}
