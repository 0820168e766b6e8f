import type { Locale } from '../locale/locale';

const dayMs = 86_400_000;

/** German weeks start on Monday (ISO 8601), English (US) weeks on Sunday (product-spec §9). */
export const firstDayOfWeek: Record<Locale, 0 | 1> = { de: 1, en: 0 };

function toUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
}

/** The first day of the week that contains `date`, at local midnight. */
export function getWeekStart(date: Date, locale: Locale): Date {
  const offset = (date.getDay() - firstDayOfWeek[locale] + 7) % 7;
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() - offset);
}

/**
 * The week number of `date`: ISO 8601 for de (week 1 contains 4 January, weeks start Monday),
 * US for en (week 1 contains 1 January, weeks start Sunday).
 */
export function getWeekNumber(date: Date, locale: Locale): number {
  const day = toUtcDay(date);
  if (locale === 'de') {
    // The Thursday of this ISO week decides its year; week 1 is the one with 4 January.
    const thursday = new Date(day.getTime() + (3 - ((day.getUTCDay() + 6) % 7)) * dayMs);
    const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
    return Math.floor((thursday.getTime() - yearStart) / dayMs / 7) + 1;
  }
  const januaryFirst = new Date(Date.UTC(day.getUTCFullYear(), 0, 1));
  const firstWeekStart = januaryFirst.getTime() - januaryFirst.getUTCDay() * dayMs;
  return Math.floor((day.getTime() - firstWeekStart) / dayMs / 7) + 1;
}

/** Weekday names in calendar order for the locale, e.g. for a date picker's header. */
export function getWeekdayNames(locale: Locale, width: 'long' | 'short' | 'narrow' = 'short'): string[] {
  const format = new Intl.DateTimeFormat(locale === 'de' ? 'de-AT' : 'en-US', { weekday: width, timeZone: 'UTC' });
  // 4 January 1970 was a Sunday.
  return Array.from({ length: 7 }, (_, index) =>
    format.format(new Date(Date.UTC(1970, 0, 4 + ((index + firstDayOfWeek[locale]) % 7)))),
  );
}
