import { ApiError } from '@formwerk/platform';
import { toErrorKey } from '../../../utils/error-key';

// What the security settings explain in their own words (security.errors); anything else as every
// account page does.
const securityCodes = new Set<string>([
  'WRONG_PASSWORD',
  'TWO_FACTOR_CODE_INVALID',
  'TWO_FACTOR_ALREADY_ENABLED',
  'TWO_FACTOR_NOT_ENABLED',
  'TWO_FACTOR_SETUP_MISSING',
  'TWO_FACTOR_REQUIRED_BY_TEAM',
  'TWO_FACTOR_SETUP_REQUIRED',
]);

export function toSecurityErrorKey(error: unknown): string {
  return error instanceof ApiError && securityCodes.has(error.code)
    ? `security.errors.${error.code}`
    : toErrorKey(error);
}
