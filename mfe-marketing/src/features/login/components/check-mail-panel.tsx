import { ApiError } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resendVerificationMail } from '../api/session-api';

/** Why the dialog waits for the mail: a sign-up, or a sign-in to an account not confirmed yet. */
export type CheckMailReason = 'signed-up' | 'not-verified';

type ResendState = 'idle' | 'sending' | 'sent' | 'rate-limited' | 'failed';

/**
 * After sign-up (or a sign-in before confirming), the dialog says where the link went and offers to
 * send it again. The heading takes focus, so a screen reader announces the change.
 */
export function CheckMailPanel({
  email,
  reason,
  onBack,
}: {
  email: string;
  reason: CheckMailReason;
  onBack: () => void;
}) {
  const { t } = useTranslation('marketing');
  const heading = useRef<HTMLHeadingElement>(null);
  const [resend, setResend] = useState<ResendState>('idle');

  useEffect(() => heading.current?.focus(), []);

  const sendAgain = async () => {
    setResend('sending');
    try {
      await resendVerificationMail({ email });
      setResend('sent');
    } catch (error) {
      setResend(error instanceof ApiError && error.code === 'RATE_LIMITED' ? 'rate-limited' : 'failed');
    }
  };

  return (
    <div className="login-dialog__form">
      <h2 id="login-dialog-title" ref={heading} tabIndex={-1}>
        {t(reason === 'signed-up' ? 'login.checkMail.title' : 'login.checkMail.notVerifiedTitle')}
      </h2>
      <p className="login-dialog__mail-text">
        {t(reason === 'signed-up' ? 'login.checkMail.text' : 'login.checkMail.notVerifiedText', { email })}
      </p>
      <p className="login-dialog__hint">{t('login.checkMail.hint')}</p>
      {resend === 'sent' ? <output className="login-dialog__success">{t('login.checkMail.sent')}</output> : null}
      {resend === 'rate-limited' || resend === 'failed' ? (
        <p className="login-dialog__error" role="alert">
          {t(resend === 'rate-limited' ? 'login.errors.rateLimited' : 'login.errors.unexpected')}
        </p>
      ) : null}
      <Button onClick={sendAgain} disabled={resend === 'sending'}>
        {t(resend === 'sending' ? 'login.submitting' : 'login.checkMail.resend')}
      </Button>
      <Button variant="ghost" onClick={onBack}>
        {t('login.checkMail.back')}
      </Button>
    </div>
  );
}
