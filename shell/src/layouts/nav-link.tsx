import { AppLink, localePath, useLocale } from '@formwerk/platform';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

/** A navigation entry that marks itself as the current page's section. */
export function NavLink({ to, children }: { to: string; children: ReactNode }) {
  const locale = useLocale();
  const { pathname } = useLocation();
  const target = localePath(to, locale);
  const isCurrent = pathname === target || pathname.startsWith(`${target}/`);
  return (
    <AppLink to={to} className="site-header__link" aria-current={isCurrent ? 'page' : undefined}>
      {children}
    </AppLink>
  );
}
