import { errorKeys } from '@formwerk/platform';

// The codes this page explains in its own words besides those of every call; any other reads as unexpected.
export const toErrorKey = errorKeys('signatureTemplate.errors', [
  'NOT_FOUND',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'UNREADABLE_IMAGE',
]);
