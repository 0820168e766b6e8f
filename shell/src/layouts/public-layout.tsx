import { AppLink, useLocale, useSessionStore } from '@formwerk/platform';
import { PublicSiteFrame } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LanguageSwitcher } from '../locale/language-switcher';

/**
 * The public site and the pages a guest or respondent sees. A guest's first load of a marketing page
 * is that area's pre-rendered copy of the same frame (docs/decisions/024-static-marketing-pages.md).
 */
export function PublicLayout() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname } = useLocation();
  const isSignedIn = useSessionStore((state) => state.user !== null);
  return (
    <PublicSiteFrame
      texts={{
        appName: t('appName'),
        navigation: t('nav.label'),
        menu: t('nav.menu'),
        features: t('nav.features'),
        pricing: t('nav.pricing'),
        contact: t('nav.contact'),
        legal: t('footer.label'),
        imprint: t('footer.imprint'),
        dataProtection: t('footer.dataProtection'),
        terms: t('footer.terms'),
        copyright: t('footer.copyright', { year: new Date().getFullYear() }),
      }}
      currentPath={pathname}
      persistentActions={
        isSignedIn ? (
          <AppLink to="v1" className="ui-button ui-button--primary">
            {t('nav.toApp')}
          </AppLink>
        ) : (
          <AppLink to="index" query={{ login: 'true' }} className="ui-button ui-button--primary">
            {t('nav.login')}
          </AppLink>
        )
      }
      languageSwitcher={<LanguageSwitcher locale={locale} />}
    >
      <Outlet />
    </PublicSiteFrame>
  );
}
