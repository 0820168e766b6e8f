import { intlLocales, type Locale } from '../locale/locale';

const secondsPerMinute = 60;
const secondsPerHour = 3600;
const secondsPerDay = 86_400;
// The average Gregorian month and year, as moment.js counts them.
const daysPerMonth = 30.436875;
const daysPerYear = 365.2425;

/**
 * "vor 5 Minuten" / "in 3 days": the distance from `now` to `date` in the largest fitting unit.
 * Thresholds of product-spec §9: up to 44 s in seconds, then minutes under 45, hours under 22, days
 * under 26, months under 11, then years; each unit rounded from the exact distance, as moment.js does,
 * so 45 s reads "1 minute" and 45 min "1 hour". Numbers are always written out ("1 day ago", not
 * "yesterday": 22 hours ago may still be today); only the very same second reads "now".
 */
export function formatRelativeTime(date: Date, now: Date, locale: Locale): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  if (seconds === 0) return new Intl.RelativeTimeFormat(intlLocales[locale], { numeric: 'auto' }).format(0, 'second');

  const format = new Intl.RelativeTimeFormat(intlLocales[locale], { numeric: 'always' });
  const sign = Math.sign(seconds);
  const absolute = Math.abs(seconds);
  const minutes = Math.round(absolute / secondsPerMinute);
  const hours = Math.round(absolute / secondsPerHour);
  const days = Math.round(absolute / secondsPerDay);
  const months = Math.round(absolute / secondsPerDay / daysPerMonth);
  const years = Math.round(absolute / secondsPerDay / daysPerYear);

  if (absolute <= 44) return format.format(sign * absolute, 'second');
  if (minutes < 45) return format.format(sign * minutes, 'minute');
  if (hours < 22) return format.format(sign * hours, 'hour');
  if (days < 26) return format.format(sign * days, 'day');
  if (months < 11) return format.format(sign * months, 'month');
  return format.format(sign * years, 'year');
}
