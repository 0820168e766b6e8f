import { errorKeys } from '@formwerk/platform';

// The codes the forms pages explain in their own words besides those of every call; any other reads as unexpected.
export const toErrorKey = errorKeys('errors', [
  'NOT_FOUND',
  'FORBIDDEN',
  'VERSION_CONFLICT',
  'FORM_UNAVAILABLE',
  'INSTANCE_CLOSED',
]);
