import { type PricingId, parsePricingId, plans } from '@formwerk/contracts';
import { useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../utils/billing-format';
import { PlanFeatures } from './plan-features';

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
          <dd>{t(`billing.plans.${planId}`)}</dd>
        </div>
        <div>
          <dt>{t('billing.checkout.interval')}</dt>
          <dd>{t(`billing.intervals.${interval}`)}</dd>
        </div>
        <div>
          <dt>{t('billing.checkout.price')}</dt>
          <dd>
            <strong>
              {t('billing.price', { price: formatPrice(price, locale), per: t(`billing.perInterval.${interval}`) })}
            </strong>
            {interval === 'year' ? (
              <span className="ui-hint">
                {t('billing.perMonthOfYear', { price: formatPrice(Math.round(price / 12), locale) })} ·{' '}
                {t('billing.yearDiscount')}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
      <h3>{t('billing.limits.label')}</h3>
      <PlanFeatures planId={planId} />
      <p className="ui-hint">{t('billing.vatNote')}</p>
    </section>
  );
}
