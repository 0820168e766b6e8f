import type { BillingResponse } from '@formwerk/contracts';
import { hasSubscriptionEnded } from '@formwerk/contracts';
import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { usePortal } from '../hooks/use-portal';
import type { SubscriptionActions } from '../hooks/use-subscription-actions';
import { PlanOverview } from './plan-overview';

type CurrentPlanCardProps = { billing: BillingResponse; actions: SubscriptionActions };

/** The team's plan with what an owner or admin can do about it: the portal, cancelling or resuming. */
export function CurrentPlanCard({ billing, actions }: CurrentPlanCardProps) {
  const { t } = useTranslation('account');
  const portal = usePortal();
  const hasSubscription = !hasSubscriptionEnded(billing.status);
  const { outcome } = actions;
  const message = outcome && 'message' in outcome ? outcome.message : portal.noticeKey ? t(portal.noticeKey) : '';
  const errorKey = outcome && 'errorKey' in outcome ? outcome.errorKey : portal.errorKey;

  return (
    <section className="ui-card billing-current" aria-labelledby="billing-current">
      <h2 id="billing-current" ref={actions.outcomeHeading} tabIndex={-1}>
        {t('billing.current.title')}
      </h2>
      <PlanOverview billing={billing} />
      {billing.mayManage ? (
        <div className="billing-actions">
          {billing.status === 'none' ? null : (
            <Button variant="secondary" onClick={portal.open} disabled={portal.isOpening}>
              {t(portal.isOpening ? 'billing.actions.opening' : 'billing.actions.portal')}
            </Button>
          )}
          {hasSubscription && billing.cancelAtPeriodEnd ? (
            <Button onClick={actions.resume} disabled={actions.isWorking}>
              {t('billing.actions.resume')}
            </Button>
          ) : null}
          {hasSubscription && !billing.cancelAtPeriodEnd ? (
            <Button
              variant="ghost"
              className="ui-button--danger"
              onClick={actions.askToCancel}
              disabled={actions.isWorking}
            >
              {t('billing.actions.cancel')}
            </Button>
          ) : null}
          <span role="status">{actions.isWorking ? t('billing.actions.working') : message}</span>
          {errorKey ? (
            <span role="alert" className="ui-error">
              {t(errorKey)}
            </span>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
