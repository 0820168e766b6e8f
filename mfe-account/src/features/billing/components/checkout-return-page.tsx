import type { BillingResponse } from '@formwerk/contracts';
import { isSubscriptionRunning } from '@formwerk/contracts';
import { AppLink, formatDate, PlanFeatures, useLocale, useSessionStore } from '@formwerk/platform';
import { Button, PageHeader } from '@formwerk/ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import '../../../components/account.css';
import { withAreaQueries } from '../../../query/area-queries';
import { useCheckoutSync } from '../api/billing-queries';
import { isWorthRetrying, toBillingErrorKey } from '../utils/error-key';
import './billing.css';

/**
 * /stripe-callback?session_id=…: where Stripe's checkout (and test mode's) returns after paying. It
 * runs the same sync as the webhook and shows the outcome, whichever of the two comes first. A public
 * page: a visitor whose session ran out meanwhile signs in and comes back here.
 */
function CheckoutReturnContent() {
  const { t } = useTranslation('account');
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const isSignedIn = useSessionStore((state) => state.user !== null);

  return (
    <>
      <PageHeader
        eyebrow={t('area')}
        title={t('pages.stripe-callback.title')}
        description={t('pages.stripe-callback.description')}
      />
      <section className="ui-card account-card--narrow billing-return" aria-labelledby="billing-return">
        {!isSignedIn ? (
          <SignInFirst />
        ) : sessionId ? (
          <CheckoutOutcome sessionId={sessionId} />
        ) : (
          <Outcome title={t('billing.return.errorTitle')}>
            <p>{t('billing.return.missing')}</p>
          </Outcome>
        )}
      </section>
    </>
  );
}

export const CheckoutReturnPage = withAreaQueries(CheckoutReturnContent);

function SignInFirst() {
  const { t } = useTranslation('account');
  const { pathname, search } = useLocation();
  return (
    <>
      <h2 id="billing-return">{t('billing.return.signInTitle')}</h2>
      <p>{t('billing.return.signInText')}</p>
      <div className="billing-actions">
        <AppLink
          to="index"
          query={{ login: 'true', redirect: `${pathname}${search}` }}
          className="ui-button ui-button--primary"
        >
          {t('billing.return.signIn')}
        </AppLink>
      </div>
    </>
  );
}

type Result = 'success' | 'processing' | 'failed' | 'error';

/** Which outcome an answer (or its absence) is; null while Stripe's word is still being asked for. */
function resultOf(billing: BillingResponse | undefined, error: unknown, hasStoppedAsking: boolean): Result | null {
  if (!billing) return error ? 'error' : null;
  if (isSubscriptionRunning(billing.status)) return 'success';
  if (billing.status === 'incomplete') return hasStoppedAsking || error ? 'processing' : null;
  return 'failed';
}

function CheckoutOutcome({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const { billing, error, retry, hasStoppedAsking } = useCheckoutSync(sessionId);
  const result = resultOf(billing, error, hasStoppedAsking);

  if (result === null) {
    return (
      <>
        <h2 id="billing-return" className="ui-visually-hidden">
          {t('pages.stripe-callback.title')}
        </h2>
        <p role="status" className="billing-checkout__redirecting">
          {t(billing ? 'billing.return.waiting' : 'billing.return.checking')}
        </p>
      </>
    );
  }
  if (result === 'success' && billing) {
    const plan = t(`platform:plans.names.${billing.planId}`);
    const periodEnd = billing.currentPeriodEnd ? formatDate(new Date(billing.currentPeriodEnd), locale) : null;
    return (
      <Outcome
        key={result}
        isArrival
        title={t('billing.return.successTitle', { plan })}
        links={
          <AppLink to="v1" className="ui-button ui-button--secondary">
            {t('billing.return.toForms')}
          </AppLink>
        }
      >
        <p>
          {t('billing.return.successText', { plan })}{' '}
          {periodEnd
            ? t(billing.cancelAtPeriodEnd ? 'billing.current.ends' : 'billing.current.renews', { date: periodEnd })
            : null}
        </p>
        {billing.isTestMode ? <p className="ui-hint">{t('billing.current.testModeHint')}</p> : null}
        <PlanFeatures planId={billing.planId} />
      </Outcome>
    );
  }
  if (result === 'error') {
    return (
      <Outcome
        key={result}
        isArrival
        title={t('billing.return.errorTitle')}
        links={
          isWorthRetrying(error) ? (
            <Button variant="secondary" onClick={() => void retry()}>
              {t('billing.retry')}
            </Button>
          ) : null
        }
      >
        <p role="alert">{t(toBillingErrorKey(error))}</p>
      </Outcome>
    );
  }
  // Still unconfirmed after the last wait, or not paid: each says so calmly, with the way on.
  return (
    <Outcome key={result} isArrival title={t(`billing.return.${result}Title`)}>
      <p>{t(`billing.return.${result}Text`)}</p>
    </Outcome>
  );
}

type OutcomeProps = {
  title: string;
  /** An outcome that came while the page waited takes focus, so that it is read out and the user is at it. */
  isArrival?: boolean;
  children?: ReactNode;
  links?: ReactNode;
};

/** An outcome under its heading, and the way on to the subscription. */
function Outcome({ title, isArrival = false, children, links }: OutcomeProps) {
  const { t } = useTranslation('account');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (isArrival) heading.current?.focus();
  }, [isArrival]);
  return (
    <>
      <h2 id="billing-return" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {children}
      <div className="billing-actions">
        <AppLink to="v1-subscriptions" className="ui-button ui-button--primary">
          {t('billing.toSubscription')}
        </AppLink>
        {links}
      </div>
    </>
  );
}
