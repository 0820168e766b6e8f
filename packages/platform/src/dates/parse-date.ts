import type { Locale } from '../locale/locale';

/** Two-digit years above 68 are 19xx, the others 20xx (product-spec §9). */
export function parseTwoDigitYear(twoDigits: number): number {
  return twoDigits > 68 ? 1900 + twoDigits : 2000 + twoDigits;
}

const patterns: Record<Locale, RegExp> = {
  de: /^(?<day>\d{1,2})\.(?<month>\d{1,2})\.(?<year>\d{2}|\d{4})$/,
  en: /^(?<month>\d{1,2})\/(?<day>\d{1,2})\/(?<year>\d{2}|\d{4})$/,
};

/**
 * A date typed the local way (`31.12.26` or `31.12.2026` in de, `12/31/26` in en), at local midnight;
 * undefined when it is not a real calendar date (31.02.).
 */
export function parseLocalDate(text: string, locale: Locale): Date | undefined {
  const groups = patterns[locale].exec(text.trim())?.groups;
  if (!groups) return undefined;
  const day = Number(groups.day);
  const month = Number(groups.month);
  const rawYear = groups.year ?? '';
  const year = rawYear.length === 2 ? parseTwoDigitYear(Number(rawYear)) : Number(rawYear);
  const date = new Date(year, month - 1, day);
  date.setFullYear(year); // years below 100 would otherwise map to 19xx
  const isRealDate = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return isRealDate ? date : undefined;
}
