import { useTranslation } from 'react-i18next';

/** Shown while the first page's guards and area load. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <p className="page-loading" role="status">
      {t('loading.page')}
    </p>
  );
}
