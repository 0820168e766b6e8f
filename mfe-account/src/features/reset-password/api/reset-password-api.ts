import type { ResetPasswordRequest, SignInResponse } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

/**
 * Sets the new password and ends every other session of the account; signs this browser in, or says
 * which step of a two-step sign-in is still missing.
 */
export const resetPassword = (request: ResetPasswordRequest) =>
  apiRequest<SignInResponse>('/auth/reset-password', { method: 'POST', body: request });
