import type { ForgotPasswordRequest } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

/** Always answers 204, whether or not the address has an account. */
export const requestPasswordReset = (request: ForgotPasswordRequest) =>
  apiRequest<void>('/auth/forgot-password', { method: 'POST', body: request });
