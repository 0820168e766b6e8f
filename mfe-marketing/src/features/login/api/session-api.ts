import type { LoginRequest, SessionResponse, SignUpRequest } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export function logIn(request: LoginRequest): Promise<SessionResponse> {
  return apiRequest('/auth/login', { method: 'POST', body: request });
}

export function signUp(request: SignUpRequest): Promise<SessionResponse> {
  return apiRequest('/auth/sign-up', { method: 'POST', body: request });
}
