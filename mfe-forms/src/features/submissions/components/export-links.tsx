import { useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { exportUrl } from '../api/submissions-api';

/** Downloads of the rows the table's filters keep, with headers and separators in the page language. */
export function ExportLinks({
  formId,
  filter,
  reference,
}: {
  formId: string;
  filter: Record<string, string>;
  reference: string;
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
    </>
  );
}
