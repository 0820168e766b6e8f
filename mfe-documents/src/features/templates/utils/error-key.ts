import { errorKeys } from '@formwerk/platform';

// The codes the templates explain in their own words besides those of every call; any other reads as unexpected.
export const toErrorKey = errorKeys('templates.errors', [
  'NOT_FOUND',
  'FORBIDDEN',
  'VERSION_CONFLICT',
  'PDF_INVALID',
  'PDF_ENCRYPTED',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'STORAGE_LIMIT_REACHED',
]);
