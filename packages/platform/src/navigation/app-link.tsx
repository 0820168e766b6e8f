import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { findRoute, localePath, type RouteParams } from '../routes/localized-routes';
import { preloadArea } from './route-preloader';
import { useLocale } from './use-locale';

type AppLinkProps = Omit<ComponentProps<typeof Link>, 'to'> & {
  /** Route name without locale suffix, from the route table. */
  to: string;
  params?: RouteParams;
  query?: Record<string, string>;
};

/** A link to a named route in the current language; the target page's code and data load on hover or focus. */
export function AppLink({ to, params, query, onMouseEnter, onFocus, ...props }: AppLinkProps) {
  const locale = useLocale();
  const { area, page } = findRoute(to, locale);
  const search = query ? `?${new URLSearchParams(query)}` : '';
  const preload = () => preloadArea(area, page, { params: params ?? {}, search: new URLSearchParams(query) });
  return (
    <Link
      {...props}
      to={`${localePath(to, locale, params)}${search}`}
      onMouseEnter={(event) => {
        preload();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        preload();
        onFocus?.(event);
      }}
    />
  );
}
