import { ApiError } from '@formwerk/platform';

/** The dialog's words for a failed call; the api's own never show (ARCHITECTURE.md §5). */
export function toMessageKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'INVALID_CREDENTIALS') return 'login.errors.invalidCredentials';
    if (error.code === 'SSO_REQUIRED') return 'login.errors.ssoRequired';
    if (error.code === 'TWO_FACTOR_CODE_INVALID') return 'login.errors.codeInvalid';
    if (error.code === 'SIGN_IN_STEP_EXPIRED' || error.code === 'TWO_FACTOR_SETUP_MISSING') {
      return 'login.errors.stepExpired';
    }
    if (error.code === 'VALIDATION_FAILED') return 'login.errors.invalidInput';
    if (error.code === 'RATE_LIMITED') return 'login.errors.rateLimited';
    if (error.code === 'DATABASE_UNAVAILABLE') return 'login.errors.unavailable';
    if (error.code === 'NETWORK') return 'login.errors.network';
  }
  return 'login.errors.unexpected';
}

/** Whether the sign-in must start over: its second step came too late or without the first. */
export function isSignInOver(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.code === 'SIGN_IN_STEP_EXPIRED' || error.code === 'TWO_FACTOR_SETUP_MISSING')
  );
}
