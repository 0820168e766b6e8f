import { addNamespace, i18n, initI18n, localeOfPath, localizedRoutes } from '@formwerk/platform';
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, vi } from 'vitest';
import areaModule from '../exposes/routes';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Renders the forms page that `path` names, in the path's language, with the route names the shell
 * gives it; any other path (where a page navigates to) renders nothing. Returns the router, whose
 * `state.location` tells where the page went.
 */
export async function renderPage(path: string) {
  await initI18n('de');
  addNamespace(areaModule.namespace, areaModule.messages);
  await i18n.changeLanguage(localeOfPath(path));
  const routes = localizedRoutes
    .filter((route) => route.area === 'forms')
    .map((route) => {
      const Page = areaModule.pages[route.page];
      return { path: route.pattern, handle: { name: route.localizedName }, element: Page ? <Page /> : null };
    });
  const router = createMemoryRouter([...routes, { path: '*', element: null }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

/**
 * Stubs the network: each api call is answered by `answer(url, init)`, returning [status, body].
 * Returns the stub to inspect calls.
 */
export function answerApi(answer: (url: string, init?: RequestInit) => [number, unknown?]) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const [status, body] = answer(url, init);
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
