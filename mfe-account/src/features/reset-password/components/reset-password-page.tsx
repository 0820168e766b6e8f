import { AppLink } from '@formwerk/platform';
import { PageHeader } from '@formwerk/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '../../../components/account.css';
import { ResetPasswordForm } from './reset-password-form';

/**
 * /reset?token=…: a new password from a mailed link; afterwards the user is signed in, every other
 * session has ended and /v1 opens. A link without a token is as invalid as an expired one.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [isLinkRejected, setIsLinkRejected] = useState(false);

  return (
    <>
      <PageHeader eyebrow={t('area')} title={t('pages.reset.title')} description={t('pages.reset.description')} />
      {token && !isLinkRejected ? (
        <ResetPasswordForm token={token} onLinkRejected={() => setIsLinkRejected(true)} />
      ) : (
        <section className="account-card account-card--narrow" aria-labelledby="reset-invalid">
          <h2 id="reset-invalid">{t('resetPassword.invalidTitle')}</h2>
          <p>{t('resetPassword.invalidText')}</p>
          <AppLink to="forgot-password">{t('resetPassword.requestNewLink')}</AppLink>
        </section>
      )}
    </>
  );
}
