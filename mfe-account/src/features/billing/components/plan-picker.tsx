import {
  type BillingInterval,
  type BillingResponse,
  billingIntervals,
  hasSubscriptionEnded,
  isSubscriptionRunning,
  type PlanId,
  type PricingId,
  planIds,
  plans,
  pricingIdOf,
} from '@formwerk/contracts';
import { AppLink, formatDate, formatPrice, PlanFeatures, useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planRankOf, subscribedPlanOf } from '../utils/subscription-state';

type PlanPickerProps = {
  billing: BillingResponse;
  onChange: (pricingId: PricingId) => void;
  /** Going back to Free: cancelling at the period's end. */
  onChooseFree: () => void;
};

/**
 * The plans side by side for the chosen interval, the current one marked. A team without a running
 * subscription buys one through the checkout; one with a running subscription changes it (prorated,
 * after a confirmation); one whose payment is pending or on hold settles it first.
 */
export function PlanPicker({ billing, onChange, onChooseFree }: PlanPickerProps) {
  const { t } = useTranslation('account');
  const [interval, setChosenInterval] = useState<BillingInterval>(subscribedPlanOf(billing)?.interval ?? 'month');
  const isOnHold = !hasSubscriptionEnded(billing.status) && !isSubscriptionRunning(billing.status);

  return (
    <section className="ui-card billing-picker" aria-labelledby="billing-plans">
      <div className="billing-picker__head">
        <h2 id="billing-plans">
          {t(hasSubscriptionEnded(billing.status) ? 'billing.picker.titleNone' : 'billing.picker.title')}
        </h2>
        <fieldset className="billing-interval">
          <legend className="ui-visually-hidden">{t('billing.picker.interval')}</legend>
          {billingIntervals.map((option) => (
            <label key={option}>
              <input
                type="radio"
                name="billing-interval"
                value={option}
                checked={interval === option}
                onChange={() => setChosenInterval(option)}
              />
              {t(`billing.intervals.${option}`)}
              {option === 'year' ? (
                <>
                  {' '}
                  <span className="billing-interval__saving">{t('platform:plans.yearDiscount')}</span>
                </>
              ) : null}
            </label>
          ))}
        </fieldset>
      </div>
      {billing.mayManage && isOnHold ? <p className="ui-hint">{t('billing.picker.onHold')}</p> : null}
      <ul className="billing-plans">
        {planIds.map((planId) => (
          <PlanCard
            key={planId}
            planId={planId}
            interval={interval}
            billing={billing}
            onChange={onChange}
            onChooseFree={onChooseFree}
          />
        ))}
      </ul>
      <p className="ui-hint">{t('platform:plans.vatNote')}</p>
    </section>
  );
}

type PlanCardProps = PlanPickerProps & { planId: PlanId; interval: BillingInterval };

function PlanCard({ planId, interval, billing, onChange, onChooseFree }: PlanCardProps) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const headingId = useId();
  const { prices } = plans[planId];
  const subscribed = subscribedPlanOf(billing);
  const isCurrentPlan = planId === billing.planId;
  const isCurrent = isCurrentPlan && (planId === 'free' || subscribed?.interval === interval);

  return (
    <li className="billing-plan-card" data-current={isCurrent || undefined}>
      <div className="billing-plan-card__head">
        <h3 id={headingId}>{t(`platform:plans.names.${planId}`)}</h3>
        {isCurrent ? <span className="ui-badge ui-badge--success">{t('billing.picker.current')}</span> : null}
      </div>
      <p className="ui-hint">{t(`platform:plans.taglines.${planId}`)}</p>
      <p className="billing-plan-card__price">
        <strong>{formatPrice(prices?.[interval] ?? 0, locale)}</strong>{' '}
        <span className="ui-hint">{t(`platform:plans.perInterval.${interval}`)}</span>
      </p>
      {prices && interval === 'year' ? (
        <p className="ui-hint billing-plan-card__monthly">
          {t('platform:plans.perMonthOfYear', { price: formatPrice(Math.round(prices.year / 12), locale) })}
        </p>
      ) : null}
      <PlanFeatures planId={planId} />
      {billing.mayManage && !isCurrent ? (
        <div className="billing-plan-card__action">
          <PlanAction
            planId={planId}
            interval={interval}
            billing={billing}
            describedBy={headingId}
            onChange={onChange}
            onChooseFree={onChooseFree}
          />
        </div>
      ) : null}
    </li>
  );
}

type PlanActionProps = PlanCardProps & { describedBy: string };

/** How to get to a plan from the team's: buy, change, or go back to Free; nothing while a payment is on hold. */
function PlanAction({ planId, interval, billing, describedBy, onChange, onChooseFree }: PlanActionProps) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const isUpgrade = planRankOf(planId) > planRankOf(billing.planId);
  const label = t(isUpgrade ? 'billing.picker.upgrade' : 'billing.picker.switch');

  if (planId === 'free') {
    if (!isSubscriptionRunning(billing.status)) return null;
    if (billing.cancelAtPeriodEnd && billing.currentPeriodEnd) {
      return (
        <p className="ui-hint">
          {t('billing.picker.freeFrom', { date: formatDate(new Date(billing.currentPeriodEnd), locale) })}
        </p>
      );
    }
    return (
      <Button variant="secondary" aria-describedby={describedBy} onClick={onChooseFree}>
        {label}
      </Button>
    );
  }
  const pricingId = pricingIdOf(planId, interval);
  if (hasSubscriptionEnded(billing.status)) {
    return (
      <AppLink
        to="v1-checkout-pricingId"
        params={{ pricingId }}
        className={`ui-button ${isUpgrade ? 'ui-button--primary' : 'ui-button--secondary'}`}
        aria-describedby={describedBy}
      >
        {label}
      </AppLink>
    );
  }
  if (!isSubscriptionRunning(billing.status)) return null;
  return (
    <Button
      variant={isUpgrade ? 'primary' : 'secondary'}
      aria-describedby={describedBy}
      onClick={() => onChange(pricingId)}
    >
      {planId === billing.planId ? t(`billing.picker.switchInterval.${interval}`) : label}
    </Button>
  );
}
