import type { PricingId } from '@formwerk/contracts';
import { ApiError, AppLink } from '@formwerk/platform';
import { Button, PageHeader } from '@formwerk/ui';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import '../../../components/account.css';
import { withAreaQueries } from '../../../query/area-queries';
import { useStartCheckout } from '../api/billing-queries';
import { toSitePath, useGoToUrl } from '../hooks/use-go-to-url';
import { isWorthRetrying, toBillingErrorKey } from '../utils/error-key';
import { isPricingId } from '../utils/subscription-state';
import './billing.css';
import { OrderSummary } from './order-summary';
import { TestCheckout } from './test-checkout';

/**
 * /v1/checkout/{pricingId}: what is being bought, while the browser is on its way to Stripe's checkout.
 * In test mode the api sends it back here with the session (`?session_id=…`): then this page is the
 * checkout, completed with a test payment.
 */
function CheckoutContent() {
  const { t } = useTranslation('account');
  const { pricingId } = useParams();
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');

  return (
    <>
      <PageHeader eyebrow={t('area')} title={t('pages.checkout.title')} description={t('pages.checkout.description')} />
      {isPricingId(pricingId) ? (
        <div className="billing-checkout">
          <OrderSummary pricingId={pricingId} />
          {sessionId ? (
            <TestCheckout pricingId={pricingId} sessionId={sessionId} />
          ) : (
            <CheckoutStart pricingId={pricingId} />
          )}
        </div>
      ) : (
        <section className="ui-card account-card--narrow" aria-labelledby="billing-unknown-plan">
          <h2 id="billing-unknown-plan">{t('billing.checkout.unknownTitle')}</h2>
          <p>{t('billing.checkout.unknownText')}</p>
          <AppLink to="v1-subscriptions" className="ui-button ui-button--primary">
            {t('billing.toSubscription')}
          </AppLink>
        </section>
      )}
    </>
  );
}

export const CheckoutPage = withAreaQueries(CheckoutContent);

/** Marks this page's history entry once the browser has left it for the payment page. */
type CheckoutHistoryState = { hasLeftForPayment?: boolean } | null;

/** Starts the checkout as the page opens and sends the browser to Stripe; says why when it cannot. */
function CheckoutStart({ pricingId }: { pricingId: PricingId }) {
  const { t } = useTranslation('account');
  const start = useStartCheckout();
  const goTo = useGoToUrl();
  const navigate = useNavigate();
  const location = useLocation();
  const hasLeftBefore = (location.state as CheckoutHistoryState)?.hasLeftForPayment === true;
  const { pathname, search } = location;

  const begin = useCallback(
    () =>
      start.mutate(pricingId, {
        onSuccess: ({ url }) => {
          // Back from the payment page, the browser shows this entry again: marked, it offers to go on
          // instead of starting another checkout and sending the user forward at once.
          navigate({ pathname, search }, { replace: true, state: { hasLeftForPayment: true } });
          goTo(url);
        },
      }),
    [start.mutate, pricingId, navigate, pathname, search, goTo],
  );

  // Once per visit, also when React runs the effect twice in development.
  const hasBegun = useRef(false);
  useEffect(() => {
    if (hasBegun.current || hasLeftBefore) return;
    hasBegun.current = true;
    begin();
  }, [begin, hasLeftBefore]);

  const error = start.error;
  const leftFor = start.data && toSitePath(start.data.url) === null ? start.data.url : null;

  return (
    <section className="ui-card" aria-labelledby="billing-payment">
      <h2 id="billing-payment">{t('billing.checkout.paymentTitle')}</h2>
      {error ? (
        <p role="alert" className="ui-error">
          {t(
            error instanceof ApiError && error.code === 'CHECKOUT_INVALID'
              ? 'billing.checkout.hasSubscription'
              : toBillingErrorKey(error),
          )}
        </p>
      ) : start.isIdle && hasLeftBefore ? (
        <p>{t('billing.checkout.cameBack')}</p>
      ) : (
        <p role="status" className="billing-checkout__redirecting">
          {t('billing.checkout.redirecting')}
        </p>
      )}
      <div className="billing-actions">
        {leftFor ? (
          <a href={leftFor} className="ui-button ui-button--primary">
            {t('billing.checkout.continue')}
          </a>
        ) : null}
        {(error && isWorthRetrying(error)) || (start.isIdle && hasLeftBefore) ? (
          <Button onClick={begin}>{t(error ? 'billing.retry' : 'billing.checkout.restart')}</Button>
        ) : null}
        <AppLink to="v1-subscriptions" className="ui-button ui-button--secondary">
          {t('billing.toSubscription')}
        </AppLink>
      </div>
    </section>
  );
}
