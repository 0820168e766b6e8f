import {
  areParamsValid,
  decideNavigation,
  detectBrowserLocale,
  type Layout,
  type Locale,
  type LocalizedRoute,
  loadMessages,
  localizedRoutes,
  readLocaleCookie,
  useSessionStore,
  writeLocaleCookie,
} from '@formwerk/platform';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { isUpdateAvailable, reloadAt } from '../build-update/build-update';
import { ErrorPage } from '../errors/error-page';
import { PageLoading } from '../errors/page-loading';
import { loadArea, preloadPageOf } from '../federation/area-loader';
import { AreaPage } from '../layouts/area-page';
import { MainLayout } from '../layouts/main-layout';
import { PublicLayout } from '../layouts/public-layout';
import { RootLayout } from '../layouts/root-layout';
import { WorkLayout } from '../layouts/work-layout';
import { getPreviousLocation } from './navigation-state';
import { invalidRouteParams, routeNotFound } from './route-errors';
import type { RouteHandle } from './route-handle';
import { fetchRouteRule, isAbsoluteUrl } from './route-rules';

const never = () => new Promise<never>(() => undefined);

/** After a new build or registry was seen, the next navigation is a full page load of its target. */
async function reloadIfUpdated(url: URL): Promise<void> {
  if (isUpdateAvailable() && reloadAt(`${url.pathname}${url.search}`)) await never();
}

/** A first visit to / with an English browser and no language cookie goes to /en (product-spec §9). */
function redirectToPreferredLocale(route: LocalizedRoute, url: URL): void {
  if (route.baseName !== 'index' || route.locale !== 'de' || url.pathname !== '/') return;
  const preferred = readLocaleCookie() ?? detectBrowserLocale(navigator.languages);
  if (preferred === 'en') {
    writeLocaleCookie('en');
    throw redirect(`/en${url.search}`);
  }
}

function createPageLoader(route: LocalizedRoute) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    await reloadIfUpdated(url);
    if (!areParamsValid(params as Record<string, string>)) throw invalidRouteParams(url.pathname);
    redirectToPreferredLocale(route, url);

    const session = useSessionStore.getState();
    session.readCookies();
    const decision = decideNavigation({
      to: {
        name: route.localizedName,
        pathname: url.pathname,
        search: url.search,
        locale: route.locale,
        ...(route.middleware ? { middleware: route.middleware } : {}),
      },
      from: getPreviousLocation(),
      session: useSessionStore.getState(),
    });
    if (decision.type === 'redirect') throw redirect(decision.to);

    // The area's failure is shown by its own boundary in the page, not by the router. The page's own
    // chunk and its data are asked for as soon as the area's routes are there, not once the page first
    // renders behind its layout.
    const area = loadArea(route.area, route.locale).then((module) => {
      preloadPageOf(module, route.page, { params, search: url.searchParams });
    });
    // In the page's language: the shell's texts and those of every area loaded so far (a change of
    // language shows the header's and other areas' words in it at once).
    await Promise.all([loadMessages(route.locale), area.catch(() => undefined)]);
    return null;
  };
}

function createNotFoundLoader(locale: Locale) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    await reloadIfUpdated(url);
    const rule = await fetchRouteRule(url.pathname);
    if (rule.redirect && isAbsoluteUrl(rule.redirect)) {
      window.location.assign(rule.redirect);
      await never();
    }
    if (rule.redirect) throw redirect(rule.redirect);
    await loadMessages(locale);
    throw routeNotFound(`${url.pathname}${url.search}`);
  };
}

const layouts: Record<Layout, () => React.JSX.Element> = { main: MainLayout, public: PublicLayout, work: WorkLayout };

export function createAppRoutes(): RouteObject[] {
  const layoutRoutes = (Object.keys(layouts) as Layout[]).map((layout) => {
    const Layout = layouts[layout];
    return {
      id: `layout-${layout}`,
      element: <Layout />,
      children: localizedRoutes
        .filter((route) => route.layout === layout)
        .map(
          (route): RouteObject => ({
            id: route.localizedName,
            path: route.pattern,
            handle: { name: route.localizedName, area: route.area, layout, locale: route.locale } satisfies RouteHandle,
            loader: createPageLoader(route),
            element: <AreaPage area={route.area} page={route.page} />,
          }),
        ),
    };
  });
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      HydrateFallback: PageLoading,
      children: [
        ...layoutRoutes,
        {
          id: 'not-found___en',
          path: '/en/*',
          handle: { name: 'not-found___en', locale: 'en' },
          loader: createNotFoundLoader('en'),
          Component: PageLoading,
        },
        {
          id: 'not-found___de',
          path: '*',
          handle: { name: 'not-found___de', locale: 'de' },
          loader: createNotFoundLoader('de'),
          Component: PageLoading,
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}
