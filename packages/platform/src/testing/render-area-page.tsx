import { act, render } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AreaModule } from '../area/area-module';
import { preloadPage } from '../area/lazy-page';
import { i18n, initI18n, loadNamespace, registerNamespace } from '../i18n/i18n';
import { localeOfPath, localizedRoutes } from '../routes/localized-routes';
import type { Area } from '../routes/route-table';

/**
 * Renders the page of `area` that `path` names, in the path's language, with the route names the shell
 * gives it; any other path (where a page navigates to) renders nothing. Returns the router, whose
 * `state.location` tells where the page went. For the component tests of a remote (jsdom).
 */
export async function renderAreaPage(area: Area, areaModule: AreaModule, path: string) {
  await initI18n('de');
  const locale = localeOfPath(path);
  registerNamespace(areaModule.namespace, areaModule.messages);
  await loadNamespace(areaModule.namespace, locale);
  await i18n.changeLanguage(locale);
  const routes = localizedRoutes
    .filter((route) => route.area === area)
    .map((route) => {
      const Page = areaModule.pages[route.page];
      return { path: route.pattern, handle: { name: route.localizedName }, element: Page ? <Page /> : null };
    });
  // Lazy pages come loaded, and the render settles inside act, so a test sees the page at once.
  await Promise.all(Object.values(areaModule.pages).map(preloadPage));
  const router = createMemoryRouter([...routes, { path: '*', element: null }], { initialEntries: [path] });
  await act(async () => {
    render(
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>,
    );
  });
  return router;
}
