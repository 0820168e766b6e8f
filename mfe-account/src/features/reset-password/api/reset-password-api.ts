import type { ResetPasswordRequest, SessionResponse } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

/** Signs this browser in with the new password and ends every other session of the account. */
export const resetPassword = (request: ResetPasswordRequest) =>
  apiRequest<SessionResponse>('/auth/reset-password', { method: 'POST', body: request });
