import { ssoErrorSchema } from '@formwerk/contracts';
import { AppLink, useLocale } from '@formwerk/platform';
import { Button, PageHeader } from '@formwerk/ui';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '../../../components/account.css';
import { withAreaQueries } from '../../../query/area-queries';
import { useStartSso } from '../api/sso-queries';
import { toSsoErrorKey } from '../utils/error-key';

/**
 * /sso: the address finds its team by the verified domain, and the browser goes on to the team's
 * provider. A sign-in the api refused comes back here with `?error=`, said in words.
 */
function SsoContent() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const [searchParams] = useSearchParams();
  const returned = ssoErrorSchema.safeParse(searchParams.get('error'));
  const start = useStartSso();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    const redirect = searchParams.get('redirect') ?? undefined;
    start.mutate({ email, locale, redirect }, { onSuccess: ({ url }) => window.location.assign(url) });
  }

  const errorKey = start.error ? toSsoErrorKey(start.error) : returned.success ? `sso.returned.${returned.data}` : null;
  return (
    <>
      <PageHeader eyebrow={t('area')} title={t('pages.sso.title')} description={t('pages.sso.description')} />
      <form className="account-card account-card--narrow" onSubmit={onSubmit} aria-describedby="sso-hint">
        <p id="sso-hint">{t('sso.start.hint')}</p>
        <label>
          {t('sso.start.email')}
          <input name="email" type="email" required maxLength={254} autoComplete="email" />
        </label>
        <div className="account-card__actions">
          <Button type="submit" disabled={start.isPending || start.isSuccess}>
            {t(start.isPending || start.isSuccess ? 'sso.start.continuing' : 'sso.start.submit')}
          </Button>
          <AppLink to="index" query={{ login: 'true' }}>
            {t('sso.start.password')}
          </AppLink>
          {errorKey ? <span role="alert">{t(errorKey)}</span> : null}
        </div>
      </form>
    </>
  );
}

export const SsoPage = withAreaQueries(SsoContent);
