import type { SaveSignatureMarkQuery, SignatureMark, SignatureMarkName, SignatureMarks } from '@formwerk/contracts';
import { ApiError, apiRequest, csrfTokenHeader } from '@formwerk/platform';

export const findSignatureMarks = () => apiRequest<SignatureMarks>('/signature-marks');

export const deleteSignatureMark = (name: SignatureMarkName) =>
  apiRequest<void>(`/signature-marks/${name}`, { method: 'DELETE' });

/** Where the saved mark's PNG is; its save time in the address, so a replaced image is never shown from before. */
export const signatureMarkImageUrl = (name: SignatureMarkName, mark: SignatureMark) =>
  `/api/v1/signature-marks/${name}/image?v=${encodeURIComponent(mark.updatedAt)}`;

/**
 * Sends the PNG's bytes as they are, how it was made in the query, with the session's CSRF token as
 * every change of the site does. Rejects with an ApiError like `apiRequest`.
 */
export async function saveSignatureMark(
  name: SignatureMarkName,
  image: Blob,
  query: SaveSignatureMarkQuery,
): Promise<SignatureMark> {
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  let response: Response;
  try {
    response = await fetch(`/api/v1/signature-marks/${name}?${search}`, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'image/png', ...csrfTokenHeader() },
      body: image,
    });
  } catch {
    throw new ApiError('NETWORK', 0);
  }
  const data = (await response.json().catch(() => undefined)) as
    | (SignatureMark & { error?: { code?: string; details?: unknown } })
    | undefined;
  if (response.ok && data) return data;
  const code = data?.error?.code ?? (response.status === 413 ? 'FILE_TOO_LARGE' : 'INTERNAL');
  throw new ApiError(code as ApiError['code'], response.status, data?.error?.details);
}
