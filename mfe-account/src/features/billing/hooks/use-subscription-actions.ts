import { type BillingResponse, type PricingId, parsePricingId } from '@formwerk/contracts';
import { formatDate, useLocale } from '@formwerk/platform';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelSubscription, useChangePlan, useResumeSubscription } from '../api/billing-queries';
import { toBillingErrorKey } from '../utils/error-key';

type Question = { kind: 'cancel' } | { kind: 'change'; pricingId: PricingId };
type Outcome = { message: string } | { errorKey: string };

/**
 * Cancelling, resuming and changing the plan: what to ask first (the dialogs), the change, and what it
 * did, in words. Focus then goes to the current plan's heading, where the outcome shows beside the
 * plan as it now is, wherever on the page the change was asked for.
 */
export function useSubscriptionActions() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const change = useChangePlan();
  const [question, setQuestion] = useState<Question | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (outcome) outcomeHeading.current?.focus();
  }, [outcome]);

  const planAt = (billing: BillingResponse) => {
    const date = billing.currentPeriodEnd ? formatDate(new Date(billing.currentPeriodEnd), locale) : '';
    return { plan: t(`platform:plans.names.${billing.planId}`), date };
  };
  const callbacks = (describe: (billing: BillingResponse) => string) => ({
    onSuccess: (billing: BillingResponse) => setOutcome({ message: describe(billing) }),
    onError: (error: unknown) => setOutcome({ errorKey: toBillingErrorKey(error) }),
  });

  const confirm = () => {
    if (!question) return;
    setQuestion(null);
    setOutcome(null);
    if (question.kind === 'cancel') {
      cancel.mutate(
        undefined,
        callbacks((billing) => t('billing.actions.cancelled', planAt(billing))),
      );
      return;
    }
    const { planId, interval } = parsePricingId(question.pricingId);
    const plan = t(`billing.planAndInterval.${interval}`, { plan: t(`platform:plans.names.${planId}`) });
    change.mutate(
      question.pricingId,
      callbacks(() => t('billing.picker.changed', { plan })),
    );
  };

  return {
    question,
    askToCancel: () => setQuestion({ kind: 'cancel' }),
    askToChange: (pricingId: PricingId) => setQuestion({ kind: 'change', pricingId }),
    dismiss: () => setQuestion(null),
    confirm,
    resume: () => {
      setOutcome(null);
      resume.mutate(
        undefined,
        callbacks((billing) => t('billing.actions.resumed', planAt(billing))),
      );
    },
    isWorking: cancel.isPending || resume.isPending || change.isPending,
    outcome,
    outcomeHeading,
  };
}

export type SubscriptionActions = ReturnType<typeof useSubscriptionActions>;
