import { AppLink } from '@formwerk/platform';
import { Button, PageHeader } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import '../../../components/account.css';
import { useEmailRequest } from '../../../utils/use-email-request';
import { requestPasswordReset } from '../api/forgot-password-api';

/** /forgot-password: mails a reset link; the answer never tells whether the address is registered. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const { status, errorKey, onSubmit } = useEmailRequest(requestPasswordReset);

  return (
    <>
      <PageHeader
        eyebrow={t('area')}
        title={t('pages.forgot-password.title')}
        description={t('pages.forgot-password.description')}
      />
      <form className="account-card account-card--narrow" onSubmit={onSubmit}>
        <label>
          {t('forgotPassword.email')}
          <input name="email" type="email" required maxLength={254} autoComplete="email" />
        </label>
        <div className="account-card__actions">
          <Button type="submit" disabled={status === 'sending'}>
            {t(status === 'sending' ? 'forgotPassword.sending' : 'forgotPassword.submit')}
          </Button>
          <AppLink to="index" query={{ login: 'true' }}>
            {t('forgotPassword.backToSignIn')}
          </AppLink>
          <span role="status">{status === 'sent' ? t('forgotPassword.sent') : ''}</span>
          {errorKey ? <span role="alert">{t(errorKey)}</span> : null}
        </div>
      </form>
    </>
  );
}
