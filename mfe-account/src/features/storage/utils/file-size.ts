import { formatStorage, intlLocales, type Locale } from '@formwerk/platform';

const kilobyte = 1024;
const megabyte = 1024 * kilobyte;

/**
 * One file's size: from a megabyte on as the plan's storage reads (formatStorage), below in kilobytes, since
 * a storage page that calls a 40 kB upload "0 MB" leaves nothing to compare.
 */
export function formatFileSize(bytes: number, locale: Locale): string {
  if (bytes >= megabyte) return formatStorage(bytes, locale);
  return new Intl.NumberFormat(intlLocales[locale], {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: bytes < 10 * kilobyte ? 1 : 0,
  }).format(bytes / kilobyte);
}
