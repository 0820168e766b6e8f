import { intlLocales, type Locale } from '@formwerk/platform';

const kilobyte = 1024;
export const megabyte = 1024 * kilobyte;
const gigabyte = 1024 * megabyte;

/**
 * The largest PDF the library takes, as `documentMaxMb` of the documents contract says (written out
 * here so that zod stays out of the page's chunk; the api's FILE_TOO_LARGE carries the real figure).
 */
export const documentMaxBytes = 25 * megabyte;
/** As `documentNameMaxLength` and `folderNameMaxLength` of the contract. */
export const documentNameMaxLength = 200;
export const folderNameMaxLength = 100;

function formatNumber(value: number, locale: Locale, maximumFractionDigits: number) {
  return new Intl.NumberFormat(intlLocales[locale], { maximumFractionDigits }).format(value);
}

/** A size in megabytes, as the upload errors and the storage figures give it: "2,4 MB" / "2.4 MB". */
export function formatMegabytes(bytes: number, locale: Locale): string {
  const value = bytes / megabyte;
  return `${formatNumber(value, locale, value > 0 && value < 0.1 ? 2 : 1)} MB`;
}

/** A file's size in the unit that reads best: 812 KB, 2,4 MB, 1,5 GB. */
export function formatFileSize(bytes: number, locale: Locale): string {
  if (bytes >= gigabyte) return `${formatNumber(bytes / gigabyte, locale, 1)} GB`;
  if (bytes >= megabyte) return formatMegabytes(bytes, locale);
  return `${formatNumber(Math.max(1, Math.round(bytes / kilobyte)), locale, 0)} KB`;
}
