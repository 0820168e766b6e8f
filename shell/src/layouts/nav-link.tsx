import { HeaderLink } from '@formwerk/ui';
import type { ComponentProps } from 'react';
import { useLocation } from 'react-router';

/** The design system's header link, told the router's current path. */
export function NavLink(props: Omit<ComponentProps<typeof HeaderLink>, 'currentPath'>) {
  const { pathname } = useLocation();
  return <HeaderLink {...props} currentPath={pathname} />;
}
