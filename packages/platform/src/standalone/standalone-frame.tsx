import { Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Link, Outlet, RouterProvider, useLocation, useMatches } from 'react-router';
import type { AreaModule } from '../area/area-module';
import { i18n, initI18n, loadNamespace, registerNamespace } from '../i18n/i18n';
import { type Locale, locales, parseRouteName } from '../locale/locale';
import { localeOfPath, localizedRoutes } from '../routes/localized-routes';
import type { Area } from '../routes/route-table';

// Example values so that every page of the area can be opened from the frame's index.
const exampleParams: Record<string, string> = { id: 'example', screen_id: 'start', sku: 'forms', pricingId: 'pro' };

function examplePath(pattern: string): string {
  return pattern.replace(/:([A-Za-z_]+)/g, (_match, name: string) => exampleParams[name] ?? name);
}

function FrameLayout({ area }: { area: Area }) {
  const { t } = useTranslation('platform');
  const { pathname } = useLocation();
  const locale = localeOfPath(pathname);
  const pages = localizedRoutes.filter((route) => route.area === area && route.locale === locale);
  const isOnPage = useMatches().some((match) => (match.handle as { name?: string } | undefined)?.name);
  return (
    <div className="standalone-frame">
      <header className="standalone-frame__header">
        <strong>{t('standalone.heading', { area })}</strong>
        <nav aria-label={t('standalone.language')}>
          {locales.map((other) => (
            <Link key={other} to={other === 'de' ? '/' : '/en'}>
              {other.toUpperCase()}
            </Link>
          ))}
        </nav>
      </header>
      <p>{t('standalone.hint')}</p>
      <details open={!isOnPage}>
        <summary>{t('standalone.pages')}</summary>
        <ul>
          {pages.map((route) => (
            <li key={route.localizedName}>
              <Link to={examplePath(route.pattern)}>{route.localizedName}</Link>
            </li>
          ))}
        </ul>
      </details>
      <main>
        <Outlet />
      </main>
    </div>
  );
}

/**
 * Runs one remote's pages without the shell, for the team that owns it (`pnpm --filter mfe-x dev`).
 * Cross-area state is the same `platform` code the shell uses; only the router here is minimal.
 */
export async function renderStandaloneArea(area: Area, module: AreaModule): Promise<void> {
  const locale: Locale = localeOfPath(window.location.pathname);
  const container = document.body.appendChild(document.createElement('div'));
  await initI18n(locale);
  registerNamespace(module.namespace, module.messages);
  const children = localizedRoutes
    .filter((route) => route.area === area)
    .map((route) => {
      const Page = module.pages[route.page];
      return {
        path: route.pattern,
        handle: { name: route.localizedName },
        loader: async () => {
          const pageLocale = parseRouteName(route.localizedName).locale;
          await loadNamespace(module.namespace, pageLocale);
          await i18n.changeLanguage(pageLocale);
          document.documentElement.lang = pageLocale;
          return null;
        },
        element: Page ? (
          <Suspense fallback={null}>
            <Page />
          </Suspense>
        ) : null,
      };
    });
  // Any other path shows the frame with the list of this area's pages.
  const router = createBrowserRouter([
    { element: <FrameLayout area={area} />, children: [...children, { path: '*' }] },
  ]);
  createRoot(container).render(<RouterProvider router={router} />);
}
