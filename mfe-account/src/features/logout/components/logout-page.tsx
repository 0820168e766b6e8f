import { apiRequest, localePath, useLocale } from '@formwerk/platform';
import { PageHeader } from '@formwerk/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Ends the session on the server (the api clears the cookies) and returns to the home page. */
export function LogoutPage() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const navigate = useNavigate();
  const [hasFailed, setHasFailed] = useState(false);

  useEffect(() => {
    apiRequest('/auth/logout', { method: 'POST' }).then(
      () => navigate(localePath('index', locale), { replace: true }),
      () => setHasFailed(true),
    );
  }, [locale, navigate]);

  return (
    <>
      <PageHeader eyebrow={t('area')} title={t('pages.logout.title')} description={t('pages.logout.description')} />
      {hasFailed ? <p role="alert">{t('logout.failed')}</p> : null}
    </>
  );
}
