import { type BillingResponse, isSubscriptionRunning, plans, type SubscriptionStatus } from '@formwerk/contracts';
import { formatDate, formatPrice, useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { subscribedPlanOf } from '../utils/subscription-state';

// The badge's tone repeats what its words say: running well, waiting for money, or neither.
const statusTones: Partial<Record<SubscriptionStatus, string>> = {
  active: 'ui-badge--success',
  trialing: 'ui-badge--info',
  incomplete: 'ui-badge--info',
  past_due: 'ui-badge--danger',
  unpaid: 'ui-badge--danger',
};

/**
 * The team's plan at a glance: its name, interval, status in words, what it costs, and when it renews
 * or ends (or why the plan subscribed to does not apply). The subscriptions page and the profile's
 * billing tab show it alike.
 */
export function PlanOverview({ billing }: { billing: BillingResponse }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const subscribed = subscribedPlanOf(billing);
  const isPlanRunning = subscribed !== null && isSubscriptionRunning(billing.status);
  const periodEnd = billing.currentPeriodEnd ? formatDate(new Date(billing.currentPeriodEnd), locale) : null;
  const subscribedName = subscribed ? t(`platform:plans.names.${subscribed.planId}`) : '';
  const prices = subscribed ? plans[subscribed.planId].prices : null;

  const period = (() => {
    if (isPlanRunning) {
      if (!periodEnd) return null;
      return t(billing.cancelAtPeriodEnd ? 'billing.current.ends' : 'billing.current.renews', { date: periodEnd });
    }
    if (billing.status === 'none') return t('billing.current.free');
    if (billing.status === 'incomplete') return t('billing.current.incomplete', { plan: subscribedName });
    if (billing.status === 'unpaid' || billing.status === 'paused') {
      return t('billing.current.onHold', { plan: subscribedName });
    }
    return t('billing.current.ended');
  })();

  return (
    <div className="billing-plan">
      <p className="billing-plan__name">
        <strong>{t(`platform:plans.names.${billing.planId}`)}</strong>
        {isPlanRunning ? <span className="ui-badge">{t(`billing.intervals.${subscribed.interval}`)}</span> : null}
        <span className={['ui-badge', statusTones[billing.status]].filter(Boolean).join(' ')}>
          <span className="ui-visually-hidden">{t('billing.statusLabel')}: </span>
          {t(`billing.status.${billing.status}`)}
        </span>
        {billing.isTestMode ? <span className="ui-badge ui-badge--info">{t('billing.testMode')}</span> : null}
      </p>
      <p className="billing-plan__price">
        {isPlanRunning && prices
          ? t('platform:plans.price', {
              price: formatPrice(prices[subscribed.interval], locale),
              per: t(`platform:plans.perInterval.${subscribed.interval}`),
            })
          : t('platform:plans.free')}
      </p>
      {period ? <p className="billing-plan__period">{period}</p> : null}
      {billing.isTestMode ? <p className="ui-hint">{t('billing.current.testModeHint')}</p> : null}
    </div>
  );
}
