import { AppLink, localePath, useLocale } from '@formwerk/platform';
import { Icon, type IconComponent } from '@formwerk/ui';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

type NavLinkProps = { to: string; icon?: IconComponent; title?: string; children: ReactNode };

// Home pages contain every other path of their area: they are current only on themselves.
const homeRoutes = new Set(['index', 'v1']);

/** A navigation entry that marks itself as the current page's section. */
export function NavLink({ to, icon, title, children }: NavLinkProps) {
  const locale = useLocale();
  const { pathname } = useLocation();
  const target = localePath(to, locale);
  const isCurrent = pathname === target || (!homeRoutes.has(to) && pathname.startsWith(`${target}/`));
  return (
    <AppLink to={to} className="ui-header__link" title={title} aria-current={isCurrent ? 'page' : undefined}>
      {icon ? <Icon icon={icon} /> : null}
      {children}
    </AppLink>
  );
}
