import { ApiError } from '@formwerk/platform';

// The codes the templates explain in their own words (`templates.errors.<CODE>`); any other reads as unexpected.
const explainedCodes = new Set<string>([
  'NETWORK',
  'RATE_LIMITED',
  'DATABASE_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'FORBIDDEN',
  'VERSION_CONFLICT',
  'PDF_INVALID',
  'PDF_ENCRYPTED',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'STORAGE_LIMIT_REACHED',
]);

/** The message key of a failed call (an ApiError or an upload's code); the api's own words are never shown. */
export function toErrorKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : typeof error === 'string' ? error : undefined;
  return code && explainedCodes.has(code) ? `templates.errors.${code}` : 'templates.errors.unexpected';
}
