import { intlLocales, type Locale } from '../locale/locale';

type FormatOptions = { timeZone?: string };

function formatWith(options: Intl.DateTimeFormatOptions) {
  return (date: Date, locale: Locale, { timeZone }: FormatOptions = {}) =>
    new Intl.DateTimeFormat(intlLocales[locale], { ...options, ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** 22.11.2026 (de-AT) / 11/22/2026 (en-US). */
export const formatDate = formatWith({ day: '2-digit', month: '2-digit', year: 'numeric' });
/** 14:05 / 2:05 PM. */
export const formatTime = formatWith({ hour: '2-digit', minute: '2-digit' });
/** Date and time together, the same way. */
export const formatDateTime = formatWith({
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
