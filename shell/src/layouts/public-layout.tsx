import { AppLink, useSessionStore } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { NavLink } from './nav-link';
import { SiteHeader } from './site-header';

/** The public site and the pages a guest or respondent sees. */
export function PublicLayout() {
  const { t } = useTranslation();
  const isSignedIn = useSessionStore((state) => state.user !== null);
  return (
    <div className="layout layout--public">
      <SiteHeader
        home="index"
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
      >
        <NavLink to="features">{t('nav.features')}</NavLink>
        <NavLink to="pricing">{t('nav.pricing')}</NavLink>
        <NavLink to="contact">{t('nav.contact')}</NavLink>
      </SiteHeader>
      <main id="content" className="layout__content">
        <Outlet />
      </main>
      <footer className="site-footer">
        <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
        <nav aria-label={t('footer.label')}>
          <AppLink to="imprint">{t('footer.imprint')}</AppLink>
          <AppLink to="data-protection">{t('footer.dataProtection')}</AppLink>
          <AppLink to="terms">{t('footer.terms')}</AppLink>
        </nav>
      </footer>
    </div>
  );
}
