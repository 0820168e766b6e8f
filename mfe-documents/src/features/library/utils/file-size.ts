import { intlLocales, type Locale } from '@formwerk/platform';

const megabyte = 1024 * 1024;

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

/**
 * A size in megabytes whatever its size, so that an upload error's figures compare at a glance:
 * "2,4 MB" / "2.4 MB", "1,020 MB of 1,024 MB". A file's own size reads as formatFileSize of the platform.
 */
export function formatMegabytes(bytes: number, locale: Locale): string {
  const value = bytes / megabyte;
  return `${formatNumber(value, locale, value > 0 && value < 0.1 ? 2 : 1)} MB`;
}
