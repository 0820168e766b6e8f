import { ApiError } from '@formwerk/platform';

// The codes this page explains in its own words (`signatureTemplate.errors.<CODE>`); any other reads as unexpected.
const explainedCodes = new Set<string>([
  'NETWORK',
  'RATE_LIMITED',
  'DATABASE_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'UNREADABLE_IMAGE',
]);

/** The message key of a failed call or check; the api's own words are never shown. */
export function toErrorKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : typeof error === 'string' ? error : undefined;
  return code && explainedCodes.has(code) ? `signatureTemplate.errors.${code}` : 'signatureTemplate.errors.unexpected';
}
