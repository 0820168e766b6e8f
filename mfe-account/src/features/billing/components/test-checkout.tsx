import type { PricingId } from '@formwerk/contracts';
import { ApiError, AppLink, localePath, useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCompleteTestCheckout } from '../api/billing-queries';
import { isWorthRetrying, toBillingErrorKey } from '../utils/error-key';

type TestCheckoutProps = { pricingId: PricingId; sessionId: string };

/**
 * Test mode's stand-in for Stripe's checkout page (stripe-mock has none): completing it pays the session
 * as Stripe would, then goes on to the card-payment return page, as Stripe's page does, so the same
 * return page runs.
 */
export function TestCheckout({ pricingId, sessionId }: TestCheckoutProps) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const navigate = useNavigate();
  const complete = useCompleteTestCheckout();
  const onComplete = () =>
    complete.mutate(sessionId, {
      onSuccess: () =>
        navigate(`${localePath('stripe-callback', locale)}?${new URLSearchParams({ session_id: sessionId })}`),
    });
  // An unknown session, or no test mode at all: only a new purchase helps.
  const isLost = complete.error instanceof ApiError && ['CHECKOUT_INVALID', 'NOT_FOUND'].includes(complete.error.code);

  return (
    <section className="ui-card" aria-labelledby="billing-test-checkout">
      <div className="ui-notice">
        <h2 id="billing-test-checkout">{t('billing.testCheckout.title')}</h2>
        <p>{t('billing.testCheckout.text')}</p>
      </div>
      <div className="billing-actions">
        {isLost ? (
          <AppLink to="v1-checkout-pricingId" params={{ pricingId }} className="ui-button ui-button--primary">
            {t('billing.testCheckout.restart')}
          </AppLink>
        ) : (
          <Button onClick={onComplete} disabled={complete.isPending || complete.isSuccess}>
            {t(
              complete.isPending || complete.isSuccess
                ? 'billing.testCheckout.completing'
                : complete.error && isWorthRetrying(complete.error)
                  ? 'billing.retry'
                  : 'billing.testCheckout.complete',
            )}
          </Button>
        )}
        <AppLink to="v1-subscriptions" className="ui-button ui-button--secondary">
          {t('billing.testCheckout.cancel')}
        </AppLink>
      </div>
      {complete.error ? (
        <p role="alert" className="ui-error">
          {t(toBillingErrorKey(complete.error))}
        </p>
      ) : null}
    </section>
  );
}
