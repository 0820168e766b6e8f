import type { ResendVerificationRequest } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

/** Always answers 204: a link goes out only to an address with an account not confirmed yet. */
export const resendVerificationMail = (request: ResendVerificationRequest) =>
  apiRequest<void>('/auth/verify-mail', { method: 'POST', body: request });
