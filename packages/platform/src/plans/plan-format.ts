import { intlLocales, type Locale } from '../locale/locale';

const kilobyte = 1024;
const megabyte = 1024 * kilobyte;
const gigabyte = 1024 * megabyte;

/** An amount in its currency's smallest unit (Stripe's cents, or yen) in the page's language: € 49,00 / €49.00. */
export function formatMoney(amount: number, currency: string, locale: Locale): string {
  const format = new Intl.NumberFormat(intlLocales[locale], { style: 'currency', currency: currency.toUpperCase() });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** A plan's price in euro cents, whole euros without cents: € 49 / €49, € 40,83. */
export function formatPrice(cents: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocales[locale], {
    style: 'currency',
    currency: 'EUR',
    trailingZeroDisplay: 'stripIfInteger',
  }).format(cents / 100);
}

export function formatCount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocales[locale]).format(value);
}

/** Stored bytes in the unit that reads best beside a plan's limit: 250 MB, 0,04 MB, 1,4 GB. */
export function formatStorage(bytes: number, locale: Locale): string {
  const unit = bytes >= gigabyte ? 'gigabyte' : 'megabyte';
  const value = bytes / (unit === 'gigabyte' ? gigabyte : megabyte);
  return new Intl.NumberFormat(intlLocales[locale], {
    style: 'unit',
    unit,
    maximumFractionDigits: value > 0 && value < 0.1 ? 2 : 1,
  }).format(value);
}

/**
 * One file's size (or a sum of files): from a megabyte on as the plan's storage reads, below in
 * kilobytes, since a page that calls a 40 kB upload "0,04 MB" leaves nothing to compare: 40 kB, 2,4 MB.
 */
export function formatFileSize(bytes: number, locale: Locale): string {
  if (bytes >= megabyte) return formatStorage(bytes, locale);
  return new Intl.NumberFormat(intlLocales[locale], {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: bytes < 10 * kilobyte ? 1 : 0,
  }).format(bytes / kilobyte);
}
