import { errorKeys } from '@formwerk/platform';

// The codes sending explains in their own words besides those of every call; any other reads as unexpected.
export const toErrorKey = errorKeys('signingSend.errors', ['NOT_FOUND', 'FORBIDDEN', 'STORAGE_LIMIT_REACHED']);
