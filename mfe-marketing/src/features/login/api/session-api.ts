import type { LoginRequest, ResendVerificationRequest, SessionResponse, SignUpRequest } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export function logIn(request: LoginRequest): Promise<SessionResponse> {
  return apiRequest('/auth/login', { method: 'POST', body: request });
}

/** Answers the same for a new and a known address; the mail that follows tells the rest. */
export function signUp(request: SignUpRequest): Promise<void> {
  return apiRequest('/auth/sign-up', { method: 'POST', body: request });
}

export function resendVerificationMail(request: ResendVerificationRequest): Promise<void> {
  return apiRequest('/auth/verify-mail', { method: 'POST', body: request });
}
