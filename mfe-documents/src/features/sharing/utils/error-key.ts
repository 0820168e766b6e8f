import { errorKeys } from '@formwerk/platform';

// The codes sharing explains in its own words besides those of every call; any other reads as unexpected.
export const toErrorKey = errorKeys('sharing.errors', ['NOT_FOUND', 'FORBIDDEN', 'SHARES_LIMIT_REACHED']);

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
