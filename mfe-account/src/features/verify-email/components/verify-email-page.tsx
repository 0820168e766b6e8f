import { AppLink } from '@formwerk/platform';
import { Button, PageHeader } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '../../../components/account.css';
import { useEmailRequest } from '../../../utils/use-email-request';
import { resendVerificationMail } from '../api/verify-email-api';

/**
 * /verify: where a used or unknown verification link lands a guest (`?result=invalid`); opened by
 * hand, it explains the mail. Either way it sends a new link to an address not confirmed yet.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation('account');
  const [searchParams] = useSearchParams();
  const outcome = searchParams.get('result') === 'invalid' ? 'invalid' : 'pending';
  const { status, errorKey, onSubmit } = useEmailRequest(resendVerificationMail);

  return (
    <>
      <PageHeader eyebrow={t('area')} title={t('pages.verify.title')} description={t('pages.verify.description')} />
      <form className="account-card account-card--narrow" aria-labelledby="verify-outcome" onSubmit={onSubmit}>
        <h2 id="verify-outcome">{t(`verifyEmail.${outcome}.title`)}</h2>
        <p>{t(`verifyEmail.${outcome}.text`)}</p>
        <label>
          {t('verifyEmail.email')}
          <input name="email" type="email" required maxLength={254} autoComplete="email" />
        </label>
        <div className="account-card__actions">
          <Button type="submit" disabled={status === 'sending'}>
            {t(status === 'sending' ? 'verifyEmail.sending' : 'verifyEmail.resend')}
          </Button>
          <AppLink to="index" query={{ login: 'true' }}>
            {t('verifyEmail.signIn')}
          </AppLink>
          <span role="status">{status === 'sent' ? t('verifyEmail.sent') : ''}</span>
          {errorKey ? <span role="alert">{t(errorKey)}</span> : null}
        </div>
      </form>
    </>
  );
}
