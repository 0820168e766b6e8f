import { useSessionStore } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/**
 * The link of the verification mail confirms the address and signs in; it lands on a /v1 page with
 * `?verified=true`, where this notice says so.
 */
export function EmailConfirmedNotice() {
  const { t } = useTranslation();
  const isVerified = useSessionStore((state) => state.user?.emailVerified ?? false);
  const [searchParams] = useSearchParams();

  if (!isVerified || searchParams.get('verified') !== 'true') return null;
  return <output className="notice-banner notice-banner--success">{t('verification.confirmed')}</output>;
}
