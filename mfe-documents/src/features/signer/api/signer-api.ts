import type { ErrorBody, SigningCodeResponse, SigningView } from '@formwerk/contracts';
import { ApiError, csrfTokenHeader } from '@formwerk/platform';
import type { FieldValues } from '../utils/field-values';

// The recipients' side of a signing request (/api/v1/signing/{token}), reached without an account.
// Not through `apiRequest`: its 401 means "this browser has not entered the mailed code (or that hour
// is over)", not a lost session, and must not sign a visitor who is signed in to the app out of it. A
// signed-in visitor's changes still carry the session's CSRF token, which the api asks of every change
// made with a session.

type Method = 'GET' | 'POST';

async function signingRequest<Result>(token: string, path: string, method: Method = 'GET', body?: unknown) {
  let response: Response;
  try {
    response = await fetch(`/api/v1/signing/${encodeURIComponent(token)}${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(method === 'GET' ? {} : csrfTokenHeader()),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('NETWORK', 0);
  }
  if (response.status === 204) return undefined as Result;
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (data as Partial<ErrorBody> | undefined)?.error;
    throw new ApiError(error?.code ?? 'INTERNAL', response.status, error?.details);
  }
  return data as Result;
}

export const findSigningView = (token: string) => signingRequest<SigningView>(token, '');

export const sendSigningCode = (token: string) => signingRequest<SigningCodeResponse>(token, '/code', 'POST');

export const verifySigningCode = (token: string, code: string) =>
  signingRequest<{ verifiedUntil: string }>(token, '/verify', 'POST', { code });

export const signDocument = (token: string, values: FieldValues) =>
  signingRequest<SigningView>(token, '/sign', 'POST', { values });

export const approveDocument = (token: string, values: FieldValues) =>
  signingRequest<SigningView>(token, '/approve', 'POST', { values });

/** A signer declines, an approver rejects: either ends the request for everyone. */
export const endSigning = (token: string, outcome: 'decline' | 'reject', reason: string) =>
  signingRequest<SigningView>(token, `/${outcome}`, 'POST', { reason });

export const delegateSigning = (token: string, person: { name: string; email: string }) =>
  signingRequest<void>(token, '/delegate', 'POST', person);

/** Where the document is: shown by the page (its verification cookie goes along), and for a viewer their part. */
export const signingFileUrl = (token: string) => `/api/v1/signing/${encodeURIComponent(token)}/file`;

/** The sealed copy and its certificate, downloads that need no code. */
export const signedCopyUrl = (token: string) => `/api/v1/signing/${encodeURIComponent(token)}/signed`;
export const certificateUrl = (token: string) => `/api/v1/signing/${encodeURIComponent(token)}/certificate`;

/** A saved mark's image as PNG bytes, to send as a field's value. */
export async function fetchMarkImage(url: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ApiError('NETWORK', 0);
  }
  if (!response.ok) throw new ApiError('INTERNAL', response.status);
  return response.blob();
}
