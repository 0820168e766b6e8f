import type { SigningRequest, SigningRequestListResponse } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

// The team's side of its signing requests (/api/v1/signing-requests): the list, one request with its
// people and audit trail, withdrawing and deleting it, and its PDFs.

export const listSigningRequests = (page: number) =>
  apiRequest<SigningRequestListResponse>(`/signing-requests?page=${page}`);

export const findSigningRequest = (requestId: string) => apiRequest<SigningRequest>(`/signing-requests/${requestId}`);

export const cancelSigningRequest = (requestId: string) =>
  apiRequest<SigningRequest>(`/signing-requests/${requestId}/cancel`, { method: 'POST' });

export const deleteSigningRequest = (requestId: string) =>
  apiRequest<void>(`/signing-requests/${requestId}`, { method: 'DELETE' });

type SigningFileVersion = 'original' | 'signed';

/** Where a request's PDF is: as sent, or sealed once completed; a download, or (`inline`) shown in the api's sandbox. */
export function signingRequestFileUrl(requestId: string, version: SigningFileVersion, { inline = false } = {}) {
  const query = new URLSearchParams({ version });
  if (inline) query.set('inline', '1');
  return `/api/v1/signing-requests/${requestId}/file?${query}`;
}
