import type { BillingResponse, PricingId } from '@formwerk/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryClient } from '../../../query/area-queries';
import * as billingApi from './billing-api';

/** The team's billing: the answer of every change and of the return page's sync replaces it. */
export const billingQueryKey = ['account', 'billing'] as const;

const billingQuery = () => queryOptions({ queryKey: billingQueryKey, queryFn: billingApi.findBilling });

/** The team's billing, asked for while the page's code is still coming (AreaModule.prefetch). */
export function prefetchBilling(): void {
  void queryClient.prefetchQuery(billingQuery());
}

export const useBilling = () => useQuery(billingQuery());

/**
 * A change to the subscription, whose answer the page shows at once. A refusal (no subscription any
 * more, Stripe away) reads the billing again: the page may have shown a state that is gone.
 */
function useBillingChange<Variables>(change: (variables: Variables) => Promise<BillingResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (billing) => client.setQueryData(billingQueryKey, billing),
    onError: () => client.invalidateQueries({ queryKey: billingQueryKey, exact: true }),
  });
}

export const useChangePlan = () => useBillingChange((pricingId: PricingId) => billingApi.changePlan({ pricingId }));
export const useCancelSubscription = () => useBillingChange(billingApi.cancelSubscription);
export const useResumeSubscription = () => useBillingChange(billingApi.resumeSubscription);

export const useStartCheckout = () =>
  useMutation({ mutationFn: (pricingId: PricingId) => billingApi.startCheckout({ pricingId }) });

export const useOpenPortal = () => useMutation({ mutationFn: billingApi.openPortal });

export const useCompleteTestCheckout = () =>
  useMutation({ mutationFn: (sessionId: string) => billingApi.completeTestCheckout({ sessionId }) });

/**
 * How long the return page waits before asking again while Stripe has not confirmed the first payment
 * (status `incomplete`: some banks take a moment), doubling each time; after the last it stops and says
 * the plan will change by itself (the webhook's sync does that).
 */
export const confirmationDelays = [2_000, 4_000, 8_000, 16_000] as const;

const checkoutSyncKey = (sessionId: string) => ['account', 'checkout-sync', sessionId] as const;

/**
 * The return page's sync of a paid checkout (POST /billing/sync): the same idempotent sync as the
 * webhook's, so asking again, or after the webhook, only reads Stripe's word again. Read once per
 * visit; its answer is the team's billing for every page of the area.
 */
export function useCheckoutSync(sessionId: string) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: checkoutSyncKey(sessionId),
    queryFn: async () => {
      const billing = await billingApi.syncCheckout({ sessionId });
      client.setQueryData(billingQueryKey, billing);
      return billing;
    },
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    // Each answer counts, also one that says the same: how many came decides when to stop asking.
    structuralSharing: false,
    refetchInterval: ({ state }) =>
      state.data?.status === 'incomplete' && !state.error
        ? (confirmationDelays[state.dataUpdateCount - 1] ?? false)
        : false,
  });
  const answers = client.getQueryState(checkoutSyncKey(sessionId))?.dataUpdateCount ?? 0;
  return {
    billing: query.data,
    error: query.error,
    retry: query.refetch,
    /** Still `incomplete` after the last wait: the page stops asking. */
    hasStoppedAsking: answers > confirmationDelays.length,
  };
}
