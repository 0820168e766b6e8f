import type { VerifyResult } from '@formwerk/contracts';
import { AppLink } from '@formwerk/platform';
import { PageHeader } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '../../../components/account.css';

type Outcome = VerifyResult | 'pending';

/**
 * /verify?result=verified|invalid: where the verification link lands a guest. Without a result the
 * page was opened by hand, so it explains the mail instead.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation('account');
  const [searchParams] = useSearchParams();
  const result = searchParams.get('result');
  const outcome: Outcome = result === 'verified' || result === 'invalid' ? result : 'pending';

  return (
    <>
      <PageHeader eyebrow={t('area')} title={t('pages.verify.title')} description={t('pages.verify.description')} />
      <section className="account-card account-card--narrow" aria-labelledby="verify-outcome">
        <h2 id="verify-outcome">{t(`verifyEmail.${outcome}.title`)}</h2>
        <p>{t(`verifyEmail.${outcome}.text`)}</p>
        {outcome === 'pending' ? null : (
          <AppLink to="index" query={{ login: 'true' }}>
            {t('verifyEmail.signIn')}
          </AppLink>
        )}
      </section>
    </>
  );
}
