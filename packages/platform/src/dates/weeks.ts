import { intlLocales, type Locale } from '../locale/locale';

const dayMs = 86_400_000;

type WeekRule = {
  /** 0 = Sunday, 1 = Monday, as `Date.getDay()` counts. */
  firstDay: 0 | 1;
  /** Week 1 is the first week that holds 1 January through this day of January. */
  firstWeekContains: number;
};

// product-spec §9: German weeks are ISO 8601 (Monday, week 1 contains 4 January); English weeks are
// the US ones (Sunday, week 1 contains 1 January). These are CLDR's firstDay/minimalDays for de-AT and en-US.
const weekRules: Record<Locale, WeekRule> = {
  de: { firstDay: 1, firstWeekContains: 4 },
  en: { firstDay: 0, firstWeekContains: 1 },
};

/** The first day of the week that contains `date`, at local midnight. */
export function getWeekStart(date: Date, locale: Locale): Date {
  const offset = (date.getDay() - weekRules[locale].firstDay + 7) % 7;
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() - offset);
}

// Calendar days as UTC midnights, so that counting days is not thrown off by daylight saving time.
function toDayNumber(date: Date): number {
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / dayMs;
}

/**
 * The week number of the calendar week that holds `date`. Every day of a week has the same number,
 * so a week across New Year belongs to one year: in German 31 December 2026 is in week 53 (of 2026),
 * in English it is in week 1 (of 2027), because that week contains 1 January 2027.
 */
export function getWeekNumber(date: Date, locale: Locale): number {
  const { firstWeekContains } = weekRules[locale];
  const weekStart = toDayNumber(getWeekStart(date, locale));
  // A week belongs to the year of its day number `7 - firstWeekContains` (0-based): ISO's Thursday,
  // the US Saturday.
  const weekYear = new Date((weekStart + 7 - firstWeekContains) * dayMs).getUTCFullYear();
  const firstWeekStart = toDayNumber(getWeekStart(new Date(weekYear, 0, firstWeekContains), locale));
  return Math.round((weekStart - firstWeekStart) / 7) + 1;
}

/** Weekday names in calendar order for the locale, e.g. for a date picker's header. */
export function getWeekdayNames(locale: Locale, width: 'long' | 'short' | 'narrow' = 'short'): string[] {
  const format = new Intl.DateTimeFormat(intlLocales[locale], { weekday: width, timeZone: 'UTC' });
  // 4 January 1970 was a Sunday.
  return Array.from({ length: 7 }, (_, index) =>
    format.format(new Date(Date.UTC(1970, 0, 4 + ((index + weekRules[locale].firstDay) % 7)))),
  );
}
