import { AppLink, useLocale } from '@formwerk/platform';
import { ResponsiveHeader } from '@formwerk/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LanguageSwitcher } from '../locale/language-switcher';

type SiteHeaderProps = {
  home: string;
  children?: ReactNode;
  actions?: ReactNode;
  persistentActions?: ReactNode;
  isCompact?: boolean;
};

/** Every layout's header: the design system's responsive header with the site's logo and language switcher. */
export function SiteHeader({ home, children, actions, persistentActions, isCompact = false }: SiteHeaderProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname } = useLocation();
  return (
    <ResponsiveHeader
      brand={
        <AppLink to={home} className="ui-header__brand">
          <span className="ui-header__logo" aria-hidden="true">
            F
          </span>
          <span className="ui-header__brand-name">{t('appName')}</span>
        </AppLink>
      }
      navigation={children}
      navigationLabel={t('nav.label')}
      actions={
        <>
          {actions}
          <LanguageSwitcher locale={locale} />
        </>
      }
      persistentActions={persistentActions}
      menuLabel={t('nav.menu')}
      closeKey={pathname}
      isCompact={isCompact}
    />
  );
}
