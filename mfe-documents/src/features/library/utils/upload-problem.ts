import type { Locale } from '@formwerk/platform';
import type { TFunction } from 'i18next';
import { toErrorKey } from './error-key';
import { documentMaxBytes, formatMegabytes } from './file-size';

// The codes an upload answers with that say something about the file or the team's storage.
const uploadCodes = new Set([
  'PDF_INVALID',
  'PDF_ENCRYPTED',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'STORAGE_LIMIT_REACHED',
]);

type Figures = { maxBytes?: unknown; usedBytes?: unknown; limitBytes?: unknown; neededBytes?: unknown };

const bytesOf = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/**
 * Why a file was not stored, in the page's language, with the figures the api gave: the size limit,
 * and for a full storage what is used, the limit and what the file needed.
 */
export function describeUploadProblem(
  t: TFunction,
  locale: Locale,
  { name, size, code, details }: { name: string; size: number; code: string; details?: unknown },
): string {
  if (!uploadCodes.has(code)) return `${t('library.upload.failed', { name })} ${t(toErrorKey(code))}`;
  const figures = (details ?? {}) as Figures;
  return t(`library.upload.errors.${code}`, {
    name,
    size: formatMegabytes(size, locale),
    max: formatMegabytes(bytesOf(figures.maxBytes, documentMaxBytes), locale),
    used: formatMegabytes(bytesOf(figures.usedBytes, 0), locale),
    limit: formatMegabytes(bytesOf(figures.limitBytes, 0), locale),
    needed: formatMegabytes(bytesOf(figures.neededBytes, size), locale),
  });
}
