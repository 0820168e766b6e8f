import { AppLink } from '@formwerk/platform';
import { TitledPage } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { featureSkus } from '../feature-skus';
import './features-page.css';

/** The features overview: a card for each feature that has a page of its own. */
export function FeaturesPage() {
  const { t } = useTranslation('marketing');
  return (
    <>
      <TitledPage namespace="marketing" pageKey="features" />
      <ul className="marketing-features">
        {featureSkus.map((sku) => (
          <li key={sku} className="marketing-features__item">
            <h2>
              <AppLink to="features-sku" params={{ sku }}>
                {t(`feature.skus.${sku}.title`)}
              </AppLink>
            </h2>
            <p>{t(`feature.skus.${sku}.description`)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
