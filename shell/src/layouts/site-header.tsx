import { AppLink, useLocale } from '@formwerk/platform';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../locale/language-switcher';

type SiteHeaderProps = { home: string; children?: ReactNode; actions?: ReactNode; isCompact?: boolean };

export function SiteHeader({ home, children, actions, isCompact = false }: SiteHeaderProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <header className={`site-header${isCompact ? ' site-header--compact' : ''}`}>
      <AppLink to={home} className="site-header__brand">
        <span className="site-header__logo" aria-hidden="true">
          F
        </span>
        {t('appName')}
      </AppLink>
      {children ? (
        <nav className="site-header__nav" aria-label={t('nav.label')}>
          {children}
        </nav>
      ) : null}
      <div className="site-header__actions">
        {actions}
        <LanguageSwitcher locale={locale} />
      </div>
    </header>
  );
}
