import { AppLink, localePath, useLocale } from '@formwerk/platform';
import type { ReactNode } from 'react';
import { Icon, type IconComponent } from '../icon/icon';

type HeaderLinkProps = {
  /** The route name it leads to. */
  to: string;
  /** The path of the page shown now (the router's, or a static page's own). */
  currentPath: string;
  icon?: IconComponent;
  title?: string;
  children: ReactNode;
};

// Home pages contain every other path of their area: they are current only on themselves.
const homeRoutes = new Set(['index', 'v1']);

/** An entry of the header's navigation that marks itself as the current page's section. */
export function HeaderLink({ to, currentPath, icon, title, children }: HeaderLinkProps) {
  const locale = useLocale();
  const target = localePath(to, locale);
  const isCurrent = currentPath === target || (!homeRoutes.has(to) && currentPath.startsWith(`${target}/`));
  return (
    <AppLink to={to} className="ui-header__link" title={title} aria-current={isCurrent ? 'page' : undefined}>
      {icon ? <Icon icon={icon} /> : null}
      {children}
    </AppLink>
  );
}
