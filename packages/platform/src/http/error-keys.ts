import { ApiError } from './api-client';

/** What goes wrong with any call, which every page explains in its own words. */
const everyCallCodes = ['NETWORK', 'RATE_LIMITED', 'DATABASE_UNAVAILABLE', 'SERVICE_UNAVAILABLE', 'VALIDATION_FAILED'];

/**
 * The message key of a failed call under `prefix` (`library.errors` → `library.errors.NOT_FOUND`): the
 * codes of every call and `codes` are explained in the page's own words, any other reads as
 * `<prefix>.unexpected`; the api's own words are never shown. A string is taken as a code too (a check
 * made in the browser, an upload's outcome).
 */
export function errorKeys(prefix: string, codes: readonly string[]): (error: unknown) => string {
  const explained = new Set([...everyCallCodes, ...codes]);
  return (error) => {
    const code = error instanceof ApiError ? error.code : typeof error === 'string' ? error : undefined;
    return `${prefix}.${code && explained.has(code) ? code : 'unexpected'}`;
  };
}
