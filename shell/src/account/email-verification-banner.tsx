import { ApiError, apiRequest, useSessionStore } from '@formwerk/platform';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

type ResendState = 'idle' | 'sending' | 'sent' | 'rate-limited' | 'failed';

/**
 * Until the address is confirmed, a banner over every /v1 page offers to send the link again. After
 * the mail's link (which lands on /v1?verified=…) it says how that went.
 */
export function EmailVerificationBanner() {
  const { t } = useTranslation();
  const user = useSessionStore((state) => state.user);
  const [searchParams] = useSearchParams();
  const [resend, setResend] = useState<ResendState>('idle');
  const linkResult = searchParams.get('verified');

  if (!user) return null;
  if (user.emailVerified) {
    return linkResult === 'true' ? (
      <output className="notice-banner notice-banner--success">{t('verification.confirmed')}</output>
    ) : null;
  }

  const sendAgain = async () => {
    setResend('sending');
    try {
      await apiRequest<void>('/auth/verify-mail', { method: 'POST' });
      setResend('sent');
    } catch (error) {
      setResend(error instanceof ApiError && error.code === 'RATE_LIMITED' ? 'rate-limited' : 'failed');
    }
  };

  return (
    <section className="notice-banner" aria-label={t('verification.label')}>
      <p>
        {linkResult === 'false' ? `${t('verification.linkInvalid')} ` : ''}
        {t('verification.pending', { email: user.email })}
      </p>
      {resend === 'sent' ? (
        <output>{t('verification.sent')}</output>
      ) : (
        <button type="button" className="notice-banner__action" onClick={sendAgain} disabled={resend === 'sending'}>
          {resend === 'sending' ? t('verification.sending') : t('verification.resend')}
        </button>
      )}
      {resend === 'rate-limited' || resend === 'failed' ? (
        <p role="alert">{t(resend === 'rate-limited' ? 'verification.rateLimited' : 'verification.failed')}</p>
      ) : null}
    </section>
  );
}
