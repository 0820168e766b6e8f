import { intlLocales, type Locale } from '../locale/locale';

// Thresholds of product-spec §9: up to 44 s in seconds, then minutes under 45, hours under 22,
// days under 26, months under 11, then years. Values are rounded like moment.js does.
const secondsPerMinute = 60;
const secondsPerHour = 3600;
const secondsPerDay = 86_400;
const daysPerMonth = 30.436875;

/** "vor 5 Minuten" / "in 3 days": the distance from `now` to `date` in the largest fitting unit. */
export function formatRelativeTime(date: Date, now: Date, locale: Locale): string {
  const format = new Intl.RelativeTimeFormat(intlLocales[locale], { numeric: 'always' });
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const sign = seconds < 0 ? -1 : 1;
  const absolute = Math.abs(seconds);
  const minutes = Math.round(absolute / secondsPerMinute);
  const hours = Math.round(absolute / secondsPerHour);
  const days = Math.round(absolute / secondsPerDay);
  const months = Math.round(absolute / secondsPerDay / daysPerMonth);

  if (absolute <= 44) return format.format(sign * absolute, 'second');
  if (minutes < 45) return format.format(sign * minutes, 'minute');
  if (hours < 22) return format.format(sign * hours, 'hour');
  if (days < 26) return format.format(sign * days, 'day');
  if (months < 11) return format.format(sign * Math.max(months, 1), 'month');
  return format.format(sign * Math.max(Math.round(months / 12), 1), 'year');
}
