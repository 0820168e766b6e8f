import { useLocale } from '@formwerk/platform';
import { ResponsiveHeader, SiteBrand } from '@formwerk/ui';
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

/** The signed-in layouts' header: the design system's responsive header with the site's logo and language switcher. */
export function SiteHeader({ home, children, actions, persistentActions, isCompact = false }: SiteHeaderProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname } = useLocation();
  return (
    <ResponsiveHeader
      brand={<SiteBrand home={home} name={t('appName')} />}
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
