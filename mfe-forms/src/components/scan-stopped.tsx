import type { SubmissionScan } from '@formwerk/contracts';
import { intlLocales, useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';

type ScanStoppedProps = {
  scan: SubmissionScan | undefined;
  /** The message, given `scanned` and `toScan` as formatted numbers. */
  messageKey: 'submissions.table.scanStopped' | 'submissions.charts.scanStopped';
  className: string;
};

/** Says how far the api got when it stopped reading submissions one by one at its time limit; nothing otherwise. */
export function ScanStopped({ scan, messageKey, className }: ScanStoppedProps) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  if (!scan?.isIncomplete) return null;
  const format = new Intl.NumberFormat(intlLocales[locale]);
  return (
    <p role="status" className={`ui-hint ${className}`}>
      {t(messageKey, { scanned: format.format(scan.scanned), toScan: format.format(scan.toScan) })}
    </p>
  );
}
