import { useState } from 'react';
import { useOpenPortal } from '../api/billing-queries';
import { toBillingErrorKey } from '../utils/error-key';
import { toSitePath } from './use-go-to-url';

/**
 * Opens Stripe's customer portal (card, address, invoices). In test mode the api answers this site's
 * subscriptions page instead, since stripe-mock has no portal: then the page says so where it is.
 */
export function usePortal() {
  const portal = useOpenPortal();
  const [isStandIn, setIsStandIn] = useState(false);
  const open = () => {
    setIsStandIn(false);
    portal.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (toSitePath(url) === null) window.location.assign(url);
        else setIsStandIn(true);
      },
    });
  };
  return {
    open,
    isOpening: portal.isPending,
    noticeKey: isStandIn ? 'billing.actions.portalInTestMode' : null,
    errorKey: portal.error ? toBillingErrorKey(portal.error) : null,
  };
}
