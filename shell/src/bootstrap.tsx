import { initI18n, loadMessages, localeOfPath, setAreaPreloader, setUnauthorizedHandler } from '@formwerk/platform';
import '@formwerk/ui/styles.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { prefetchTeams } from './account/team-list';
import { watchForUpdates } from './build-update/build-update';
import { preloadArea } from './federation/area-loader';
import { readPageRegistry, registerRegistry } from './federation/registry';
import deCommon from './locales/de/common.json';
import enCommon from './locales/en/common.json';
import { createAppRouter } from './routing/create-app-router';

// The error page and the area fallback must speak the page's language even when messages fail to load.
const builtInMessages = {
  de: { common: { error: deCommon.error, area: deCommon.area } },
  en: { common: { error: enCommon.error, area: enCommon.area } },
};

async function start(container: HTMLElement): Promise<void> {
  const locale = localeOfPath(window.location.pathname);
  // The header's first data, asked for now rather than once the area's code is there.
  prefetchTeams(window.location.pathname);
  const [registry] = await Promise.all([
    readPageRegistry(),
    initI18n(locale, builtInMessages).then(() => loadMessages(locale)),
  ]);
  // Remotes are known before the first route renders; a remote that is down fails only its area.
  registerRegistry(registry);
  setAreaPreloader(preloadArea);
  watchForUpdates();
  const router = createAppRouter();
  // A 401 from the api has cleared the session: the guards run again and send the user to the
  // login dialog with the current page as `redirect`.
  setUnauthorizedHandler(() => void router.revalidate());
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container) void start(container);
