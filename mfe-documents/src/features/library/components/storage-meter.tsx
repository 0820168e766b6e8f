import type { DocumentStorage } from '@formwerk/contracts';
import { formatFileSize, intlLocales, useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';

// From this share on, the meter turns to its warning colour and says what to do.
const warningShare = 0.9;

/** What the team's documents take up against what it may store; the bar repeats the words. */
export function StorageMeter({ storage }: { storage: DocumentStorage }) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const share = storage.limitBytes > 0 ? Math.min(1, storage.usedBytes / storage.limitBytes) : 1;
  const isNearlyFull = share >= warningShare;
  const percent = new Intl.NumberFormat(intlLocales[locale], { maximumFractionDigits: 0 }).format(
    // Anything stored shows as at least 1 %, a full storage as 100 % only when it is.
    storage.usedBytes > 0 ? Math.max(1, Math.floor(share * 100)) : 0,
  );
  return (
    <div className={`library-storage${isNearlyFull ? ' library-storage--warning' : ''}`}>
      <p className="library-storage__text">
        <span className="library-storage__label">{t('library.storage.label')}</span>{' '}
        {t('library.storage.used', {
          used: formatFileSize(storage.usedBytes, locale),
          limit: formatFileSize(storage.limitBytes, locale),
          percent,
        })}
      </p>
      <div className="library-storage__bar" aria-hidden="true">
        <div className="library-storage__fill" style={{ width: `${share * 100}%` }} />
      </div>
      {isNearlyFull ? <p className="library-storage__warning">{t('library.storage.nearlyFull')}</p> : null}
    </div>
  );
}
