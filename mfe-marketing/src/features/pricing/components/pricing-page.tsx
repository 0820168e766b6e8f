import { planIds, plans, pricingIdOf } from '@formwerk/contracts/plans';
import { AppLink, formatPrice, PlanFeatures, useLocale } from '@formwerk/platform';
import { TitledPage } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import './pricing.css';

const questions = ['cancel', 'limit', 'singleSignOn', 'payment'] as const;

/**
 * /preis, /en/pricing: the plans from the one plans config the api enforces, each with its price by
 * month and by year and what it allows; a paid plan's button leads to its checkout (through sign-in for
 * a guest), Free's to sign-up. Without script: a static page shows both prices at once.
 */
export function PricingPage() {
  const { t } = useTranslation('marketing');
  const locale = useLocale();
  return (
    <>
      <TitledPage namespace="marketing" pageKey="pricing" />
      <ul className="marketing-plans">
        {planIds.map((planId) => {
          const { prices } = plans[planId];
          const headingId = `plan-${planId}`;
          return (
            <li key={planId} className="marketing-plan" aria-labelledby={headingId} data-plan={planId}>
              <h2 id={headingId}>{t(`platform:plans.names.${planId}`)}</h2>
              <p className="marketing-plan__tagline">{t(`platform:plans.taglines.${planId}`)}</p>
              <p className="marketing-plan__price">
                <strong>{formatPrice(prices?.month ?? 0, locale)}</strong> {t('platform:plans.perInterval.month')}
              </p>
              <p className="marketing-plan__year">
                {prices
                  ? t('pricingPage.orYearly', {
                      price: formatPrice(prices.year, locale),
                      discount: t('platform:plans.yearDiscount'),
                    })
                  : t('pricingPage.freeForever')}
              </p>
              <PlanFeatures planId={planId} />
              <div className="marketing-plan__action">
                {planId === 'free' ? (
                  <AppLink to="index" query={{ login: 'true' }} className="ui-button ui-button--secondary">
                    {t('pricingPage.startFree')}
                  </AppLink>
                ) : (
                  <AppLink
                    to="v1-checkout-pricingId"
                    params={{ pricingId: pricingIdOf(planId, 'month') }}
                    className={`ui-button ${planId === 'pro' ? 'ui-button--primary' : 'ui-button--secondary'}`}
                  >
                    {t('pricingPage.choose', { plan: t(`platform:plans.names.${planId}`) })}
                  </AppLink>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <p className="ui-hint">
        {t('platform:plans.vatNote')} <AppLink to="pricing1">{t('pricingPage.compare')}</AppLink>
      </p>
      <section className="marketing-faq" aria-labelledby="pricing-questions">
        <h2 id="pricing-questions">{t('pricingPage.questions.title')}</h2>
        <dl>
          {questions.map((question) => (
            <div key={question}>
              <dt>{t(`pricingPage.questions.${question}.question`)}</dt>
              <dd>{t(`pricingPage.questions.${question}.answer`)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
