import { ApiError } from '@formwerk/platform';

// The codes the forms pages explain in their own words (`errors.<CODE>`); any other reads as unexpected.
const explainedCodes = new Set<ApiError['code']>([
  'NETWORK',
  'RATE_LIMITED',
  'DATABASE_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'FORBIDDEN',
  'VERSION_CONFLICT',
  'FORM_UNAVAILABLE',
  'INSTANCE_CLOSED',
]);

/** The message key of a failed api call; the raw message of the api is never shown. */
export function toErrorKey(error: unknown): string {
  return error instanceof ApiError && explainedCodes.has(error.code) ? `errors.${error.code}` : 'errors.unexpected';
}
