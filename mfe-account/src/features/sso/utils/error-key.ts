import { ApiError } from '@formwerk/platform';
import { toErrorKey } from '../../../utils/error-key';

// The refusals single sign-on explains in its own words; anything else as every account page says it.
const ssoCodes = new Set<string>([
  'SSO_NOT_AVAILABLE',
  'SSO_DOMAIN_TAKEN',
  'SSO_DOMAIN_NOT_VERIFIED',
  'SSO_DISCOVERY_FAILED',
  'SSO_NOT_CONFIGURED',
  'VALIDATION_FAILED',
]);

export function toSsoErrorKey(error: unknown): string {
  return error instanceof ApiError && ssoCodes.has(error.code) ? `sso.errors.${error.code}` : toErrorKey(error);
}
