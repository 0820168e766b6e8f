import { type PricingId, parsePricingId, plans } from '@formwerk/contracts';
import { formatPrice, PlanFeatures, useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';

/** What is being bought: the plan, its interval and price, and what it allows. */
export function OrderSummary({ pricingId }: { pricingId: PricingId }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const { planId, interval } = parsePricingId(pricingId);
  const price = plans[planId].prices?.[interval] ?? 0;

  return (
    <section className="ui-card billing-order" aria-labelledby="billing-order">
      <h2 id="billing-order">{t('billing.checkout.summary')}</h2>
      <dl className="billing-order__facts">
        <div>
          <dt>{t('billing.checkout.plan')}</dt>
          <dd>{t(`platform:plans.names.${planId}`)}</dd>
        </div>
        <div>
          <dt>{t('billing.checkout.interval')}</dt>
          <dd>{t(`billing.intervals.${interval}`)}</dd>
        </div>
        <div>
          <dt>{t('billing.checkout.price')}</dt>
          <dd>
            <strong>
              {t('platform:plans.price', {
                price: formatPrice(price, locale),
                per: t(`platform:plans.perInterval.${interval}`),
              })}
            </strong>
            {interval === 'year' ? (
              <span className="ui-hint">
                {t('platform:plans.perMonthOfYear', { price: formatPrice(Math.round(price / 12), locale) })} ·{' '}
                {t('platform:plans.yearDiscount')}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
      <h3>{t('platform:plans.limits.label')}</h3>
      <PlanFeatures planId={planId} />
      <p className="ui-hint">{t('platform:plans.vatNote')}</p>
    </section>
  );
}
