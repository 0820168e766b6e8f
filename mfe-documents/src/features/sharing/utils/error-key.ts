import { ApiError } from '@formwerk/platform';

// The codes sharing explains in its own words (`sharing.errors.<CODE>`); any other reads as unexpected.
const explainedCodes = new Set<string>([
  'NETWORK',
  'RATE_LIMITED',
  'DATABASE_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'FORBIDDEN',
  'SHARES_LIMIT_REACHED',
]);

/** The message key of a failed call; the api's own words are never shown. */
export function toErrorKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : undefined;
  return code && explainedCodes.has(code) ? `sharing.errors.${code}` : 'sharing.errors.unexpected';
}

/** Addresses typed into one field, separated by commas, semicolons, spaces or lines. */
export function splitAddresses(text: string): { valid: string[]; invalid: string[] } {
  const parts = text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  // What the api's check accepts in practice: something@domain.tld; the api decides in the end.
  const looksValid = (part: string) => /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(part) && part.length <= 254;
  const valid = [...new Set(parts.filter(looksValid).map((part) => part.toLowerCase()))];
  return { valid, invalid: parts.filter((part) => !looksValid(part)) };
}
