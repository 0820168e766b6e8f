import { type Locale, localePath, useLocale } from '@formwerk/platform';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

const storageKey = (token: string) => `formwerk.signer.language.${token}`;

/** Whether the page already went to this link's language once, in this tab (storage may be refused). */
function takeFirstVisit(token: string): boolean {
  try {
    if (sessionStorage.getItem(storageKey(token))) return false;
    sessionStorage.setItem(storageKey(token), '1');
    return true;
  } catch {
    return false;
  }
}

/**
 * The page in the request's language (the sender chose it for the mails): a link opened in the other
 * language goes over to it once; whoever comes back to their own language stays there and is offered
 * the request's. Answers where that offer leads, or null when the page is in the request's language.
 */
export function useRequestLanguage(token: string, language: Locale | undefined): string | null {
  const locale = useLocale();
  const navigate = useNavigate();
  const { search } = useLocation();
  const target = language && language !== locale ? `${localePath('form-signed', language)}${search}` : null;

  useEffect(() => {
    if (target && takeFirstVisit(token)) navigate(target, { replace: true });
  }, [target, token, navigate]);

  return target;
}
