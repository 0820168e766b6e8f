import type { StorageOverview } from '@formwerk/contracts';
import { formatFileSize, useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';

/** What the team's files are, all counted by the plan: documents, forms' documents, responses' files. */
export function StorageBreakdown({ overview }: { overview: StorageOverview }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const { pendingUploads } = overview;
  return (
    <section className="ui-card" aria-labelledby="storage-breakdown">
      <h2 id="storage-breakdown">{t('storage.breakdown.title')}</h2>
      <p className="ui-hint">{t('storage.breakdown.counted')}</p>
      <ul className="storage-breakdown">
        {overview.categories.map(({ category, bytes, fileCount }) => (
          <li key={category} className="storage-breakdown__item">
            <span className="storage-breakdown__name">{t(`storage.breakdown.${category}`)}</span>
            <span className="storage-breakdown__size">
              {formatFileSize(bytes, locale)}
              {fileCount === null ? null : (
                <span className="ui-hint"> · {t('storage.breakdown.files', { count: fileCount })}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
      {pendingUploads.fileCount > 0 ? (
        <p className="ui-hint">
          {t('storage.breakdown.pending', {
            count: pendingUploads.fileCount,
            size: formatFileSize(pendingUploads.bytes, locale),
          })}
        </p>
      ) : null}
      {overview.isIncomplete ? <p className="ui-notice">{t('storage.breakdown.incomplete')}</p> : null}
    </section>
  );
}
