import { AppLink } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { useBilling } from '../api/billing-queries';
import './billing.css';
import { BillingLoadState } from './billing-load-state';
import { PlanOverview } from './plan-overview';
import { UsageList } from './usage-list';

/**
 * The profile's billing tab: the team's plan and its use at a glance, the subscriptions page for the
 * rest. Needs the area's query cache around it (the profile page has it).
 */
export function BillingSummary() {
  const { t } = useTranslation('account');
  const billing = useBilling();
  return (
    <section className="ui-card billing-summary" aria-labelledby="billing-summary">
      <div className="billing-summary__head">
        <h2 id="billing-summary">{t('billing.summary.title')}</h2>
        <AppLink to="v1-subscriptions" className="ui-button ui-button--secondary">
          {t(billing.data?.mayManage ? 'billing.summary.manage' : 'billing.summary.view')}
        </AppLink>
      </div>
      {billing.data ? (
        <>
          {billing.data.isPaymentFailing ? (
            <p className="ui-notice ui-notice--error">{t('billing.paymentFailing.title')}</p>
          ) : null}
          <PlanOverview billing={billing.data} />
          <UsageList usage={billing.data.usage} />
        </>
      ) : (
        <BillingLoadState error={billing.error} onRetry={() => void billing.refetch()} />
      )}
    </section>
  );
}
