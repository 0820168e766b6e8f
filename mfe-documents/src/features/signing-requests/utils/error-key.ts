import { errorKeys } from '@formwerk/platform';

// The codes the requests explain in their own words besides those of every call; any other reads as unexpected.
export const toErrorKey = errorKeys('signingRequests.errors', [
  'NOT_FOUND',
  'FORBIDDEN',
  'SIGNING_CLOSED',
  'SIGNING_RUNNING',
]);
