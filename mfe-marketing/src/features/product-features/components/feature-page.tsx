import { AppLink } from '@formwerk/platform';
import { PageHeader } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isFeatureSku } from '../feature-skus';

/**
 * The page of one feature. A sku we have no page for says so and leads to the overview; the shell's
 * server answers such an address with 404 (it has no static page for it).
 */
export function FeaturePage() {
  const { t } = useTranslation('marketing');
  const { sku } = useParams();
  if (!isFeatureSku(sku)) {
    return (
      <PageHeader
        eyebrow={t('pages.features.title')}
        title={t('feature.notFound.title')}
        description={t('feature.notFound.description')}
        actions={
          <AppLink to="features" className="ui-button ui-button--secondary">
            {t('feature.notFound.back')}
          </AppLink>
        }
      />
    );
  }
  return (
    <PageHeader
      eyebrow={t('pages.features.title')}
      title={t(`feature.skus.${sku}.title`)}
      description={t(`feature.skus.${sku}.description`)}
    />
  );
}
