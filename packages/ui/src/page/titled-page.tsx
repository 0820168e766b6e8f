import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

type TitledPageProps = { namespace: string; pageKey: string };

/**
 * A page that so far shows where the user is: the area's name, the page title and what the page is
 * for, all from the area's namespace (`pages.<key>.title|description`).
 */
export function TitledPage({ namespace, pageKey }: TitledPageProps) {
  const { t } = useTranslation(namespace);
  return (
    <PageHeader
      eyebrow={t('area')}
      title={t(`pages.${pageKey}.title`)}
      description={t(`pages.${pageKey}.description`)}
    />
  );
}
