import { errorKeys } from '@formwerk/platform';

// The codes the account pages explain in their own words besides those of every call; any other reads as unexpected.
export const toErrorKey = errorKeys('errors', [
  'LINK_INVALID',
  'EMAIL_TAKEN',
  'FORBIDDEN',
  'NOT_FOUND',
  'ALREADY_MEMBER',
  'OWNER_IMMUTABLE',
  'GROUP_NAME_TAKEN',
  'NOT_TEAM_MEMBER',
]);
