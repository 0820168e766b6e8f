import { useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { exportUrl } from '../api/submissions-api';
import { PdfZipButton } from './pdf-zip-button';

/**
 * Downloads of the rows the table's filters keep, with headers and separators in the page language,
 * and their PDFs (or those of the ticked rows) in the form's language.
 */
export function ExportLinks({
  formId,
  filter,
  reference,
  selectedIds,
  total,
}: {
  formId: string;
  filter: Record<string, string>;
  reference: string;
  selectedIds: string[];
  /** How many rows the filters keep; null while not all were counted. */
  total: number | null;
}) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  return (
    <>
      {(['csv', 'xlsx'] as const).map((format) => (
        <a
          key={format}
          className="ui-button ui-button--secondary"
          href={exportUrl(formId, format, locale, filter, reference)}
          download
        >
          {t(`submissions.export.${format}`)}
        </a>
      ))}
      <PdfZipButton formId={formId} filter={filter} reference={reference} selectedIds={selectedIds} total={total} />
    </>
  );
}
