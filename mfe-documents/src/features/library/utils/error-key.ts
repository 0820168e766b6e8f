import { ApiError } from '@formwerk/platform';

// The codes the library explains in its own words (`library.errors.<CODE>`); any other reads as unexpected.
const explainedCodes = new Set<string>([
  'NETWORK',
  'RATE_LIMITED',
  'DATABASE_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'FORBIDDEN',
  'FOLDER_NAME_TAKEN',
]);

/** The message key of a failed call (an ApiError or an upload's code); the api's own words are never shown. */
export function toErrorKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : typeof error === 'string' ? error : undefined;
  return code && explainedCodes.has(code) ? `library.errors.${code}` : 'library.errors.unexpected';
}
