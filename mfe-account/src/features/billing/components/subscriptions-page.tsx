import { type BillingResponse, parsePricingId, plans } from '@formwerk/contracts';
import { formatDate, formatPrice, useLocale } from '@formwerk/platform';
import { ConfirmDialog, PageHeader } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import '../../../components/account.css';
import { withAreaQueries } from '../../../query/area-queries';
import { useBilling } from '../api/billing-queries';
import { type SubscriptionActions, useSubscriptionActions } from '../hooks/use-subscription-actions';
import { planRankOf } from '../utils/subscription-state';
import './billing.css';
import { BillingLoadState } from './billing-load-state';
import { CurrentPlanCard } from './current-plan-card';
import { InvoiceTable } from './invoice-table';
import { PaymentFailingNotice } from './payment-failing-notice';
import { PlanPicker } from './plan-picker';
import { UsageList } from './usage-list';

/**
 * /v1/subscriptions: the team's plan, its use of the plan's limits, the plans to change to, and its
 * invoices. Every member reads it; owners and admins (`mayManage`) buy, change, cancel and pay.
 */
function SubscriptionsContent() {
  const { t } = useTranslation('account');
  const billing = useBilling();
  return (
    <>
      <PageHeader
        eyebrow={t('area')}
        title={t('pages.subscriptions.title')}
        description={t('pages.subscriptions.description')}
      />
      {billing.data ? (
        <Subscription billing={billing.data} />
      ) : (
        <section className="ui-card account-card--narrow">
          <BillingLoadState error={billing.error} onRetry={() => void billing.refetch()} />
        </section>
      )}
    </>
  );
}

export const SubscriptionsPage = withAreaQueries(SubscriptionsContent);

function Subscription({ billing }: { billing: BillingResponse }) {
  const { t } = useTranslation('account');
  const actions = useSubscriptionActions();
  return (
    <div className="billing-page">
      {billing.isPaymentFailing ? <PaymentFailingNotice mayManage={billing.mayManage} /> : null}
      {billing.mayManage ? null : <p className="ui-notice billing-notice">{t('billing.readOnly')}</p>}
      <div className="billing-grid">
        <CurrentPlanCard billing={billing} actions={actions} />
        <section className="ui-card" aria-labelledby="billing-usage">
          <h2 id="billing-usage">{t('billing.usage.title')}</h2>
          <UsageList usage={billing.usage} />
        </section>
      </div>
      <PlanPicker billing={billing} onChange={actions.askToChange} onChooseFree={actions.askToCancel} />
      <InvoiceTable invoices={billing.invoices} mayManage={billing.mayManage} />
      <SubscriptionDialogs billing={billing} actions={actions} />
    </div>
  );
}

/** What a change means before it is made: cancelling at the period's end, or a prorated plan change. */
function SubscriptionDialogs({ billing, actions }: { billing: BillingResponse; actions: SubscriptionActions }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const { question } = actions;
  const target = question?.kind === 'change' ? parsePricingId(question.pricingId) : null;
  const targetPrices = target ? plans[target.planId].prices : null;
  const targetName =
    target && t(`billing.planAndInterval.${target.interval}`, { plan: t(`platform:plans.names.${target.planId}`) });

  return (
    <>
      <ConfirmDialog
        isOpen={question?.kind === 'cancel'}
        title={t('billing.actions.cancelTitle')}
        confirmLabel={t('billing.actions.cancelConfirm')}
        cancelLabel={t('billing.actions.keep')}
        onConfirm={actions.confirm}
        onCancel={actions.dismiss}
      >
        <p>
          {t('billing.actions.cancelText', {
            plan: t(`platform:plans.names.${billing.planId}`),
            date: billing.currentPeriodEnd
              ? formatDate(new Date(billing.currentPeriodEnd), locale)
              : t('billing.actions.periodEnd'),
          })}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={target !== null}
        title={t('billing.picker.changeTitle', { plan: targetName })}
        confirmLabel={t('billing.picker.changeConfirm')}
        cancelLabel={t('confirm.cancel')}
        onConfirm={actions.confirm}
        onCancel={actions.dismiss}
      >
        {target && targetPrices ? (
          <>
            <p>
              {t('billing.picker.changeText', {
                price: t('platform:plans.price', {
                  price: formatPrice(targetPrices[target.interval], locale),
                  per: t(`platform:plans.perInterval.${target.interval}`),
                }),
              })}
            </p>
            {planRankOf(target.planId) < planRankOf(billing.planId) ? (
              <p>{t('billing.picker.downgradeText', { plan: t(`platform:plans.names.${target.planId}`) })}</p>
            ) : null}
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
