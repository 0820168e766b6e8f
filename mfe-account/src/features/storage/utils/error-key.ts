import { ApiError } from '@formwerk/platform';
import { toErrorKey } from '../../../utils/error-key';

// What a deletion's refusal means here, in the page's words; anything else as every account page says it.
const storageCodes = new Set<string>(['FORBIDDEN', 'NOT_FOUND']);

export function toStorageErrorKey(error: unknown): string {
  return error instanceof ApiError && storageCodes.has(error.code) ? `storage.errors.${error.code}` : toErrorKey(error);
}
