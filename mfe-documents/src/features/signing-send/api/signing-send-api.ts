import type { CreateSigningRequestRequest, SigningRequest } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

/** Sends a template or a library document for signature at once; answers the request made. */
export const sendSigningRequest = (request: CreateSigningRequestRequest) =>
  apiRequest<SigningRequest>('/signing-requests', { method: 'POST', body: request });
