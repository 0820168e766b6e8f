import type {
  AuthProvidersResponse,
  EnrolledSignInResponse,
  LoginRequest,
  ResendVerificationRequest,
  SessionResponse,
  SignInResponse,
  SignUpRequest,
  TwoFactorSetup,
} from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

/** The session, or the step the account still asks for (`{ step }`); the api keeps its proof in a cookie. */
export function logIn(request: LoginRequest): Promise<SignInResponse> {
  return apiRequest('/auth/login', { method: 'POST', body: request });
}

/** Answers the same for a new and a known address; the mail that follows tells the rest. */
export function signUp(request: SignUpRequest): Promise<void> {
  return apiRequest('/auth/sign-up', { method: 'POST', body: request });
}

export function resendVerificationMail(request: ResendVerificationRequest): Promise<void> {
  return apiRequest('/auth/verify-mail', { method: 'POST', body: request });
}

/** The ways to sign in besides the password (the Google button). */
export function findAuthProviders(): Promise<AuthProvidersResponse> {
  return apiRequest('/auth/providers');
}

/** The second step: the authenticator app's code or a recovery code. */
export function sendTwoFactorCode(code: string): Promise<SessionResponse> {
  return apiRequest('/auth/two-factor', { method: 'POST', body: { code } });
}

/** The app a team's requirement asks for before the first session: its secret and QR code … */
export function beginRequiredSetup(): Promise<TwoFactorSetup> {
  return apiRequest('/auth/two-factor/setup', { method: 'POST' });
}

/** … and its first code, which opens the session and answers the recovery codes. */
export function confirmRequiredSetup(code: string): Promise<EnrolledSignInResponse> {
  return apiRequest('/auth/two-factor/setup/confirm', { method: 'POST', body: { code } });
}

/** Where the dialog's Google button leads: the api, which sends the browser on to Google. */
export function googleSignInUrl(input: { redirect: string | undefined; locale: string; rememberMe: boolean }): string {
  const query = new URLSearchParams({ locale: input.locale, rememberMe: String(input.rememberMe) });
  if (input.redirect) query.set('redirect', input.redirect);
  return `/api/v1/auth/google?${query}`;
}
