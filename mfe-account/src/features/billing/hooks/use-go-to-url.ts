import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** A page of this site, as an address within it ("/v1/checkout/pro-month?session_id=…"), else null. */
export function toSitePath(url: string): string | null {
  const target = new URL(url, window.location.href);
  return target.origin === window.location.origin ? `${target.pathname}${target.search}` : null;
}

/**
 * Follows an address the api answered: Stripe's checkout or portal by loading it; a page of this site
 * (test mode's checkout, the portal's stand-in) within the app, without loading the site again.
 */
export function useGoToUrl() {
  const navigate = useNavigate();
  return useCallback(
    (url: string) => {
      const sitePath = toSitePath(url);
      if (sitePath === null) window.location.assign(url);
      else navigate(sitePath);
    },
    [navigate],
  );
}
