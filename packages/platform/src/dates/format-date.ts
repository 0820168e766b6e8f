import { intlLocales, type Locale } from '../locale/locale';

type FormatOptions = {
  /** An IANA time zone such as 'Europe/Vienna'; the browser's own when left out. */
  timeZone?: string;
};

const dateFields: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };

// Each locale's own short time: 08:05 in Austria, 8:05 AM in the US (CLDR's patterns for de-AT and en-US).
const timeFields: Record<Locale, Intl.DateTimeFormatOptions> = {
  de: { hour: '2-digit', minute: '2-digit' },
  en: { hour: 'numeric', minute: '2-digit' },
};

function formatWith(date: Date, locale: Locale, fields: Intl.DateTimeFormatOptions, { timeZone }: FormatOptions) {
  return new Intl.DateTimeFormat(intlLocales[locale], { ...fields, ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** 22.11.2026 (de-AT) / 11/22/2026 (en-US). */
export function formatDate(date: Date, locale: Locale, options: FormatOptions = {}): string {
  return formatWith(date, locale, dateFields, options);
}

/** 08:05 and 14:05 (de-AT) / 8:05 AM and 2:05 PM (en-US). */
export function formatTime(date: Date, locale: Locale, options: FormatOptions = {}): string {
  return formatWith(date, locale, timeFields[locale], options);
}

/** 22.11.2026, 14:05 (de-AT) / 11/22/2026, 2:05 PM (en-US). */
export function formatDateTime(date: Date, locale: Locale, options: FormatOptions = {}): string {
  return formatWith(date, locale, { ...dateFields, ...timeFields[locale] }, options);
}
