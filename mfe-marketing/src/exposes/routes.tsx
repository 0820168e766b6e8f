import type { AreaModule } from '@formwerk/platform';
import { platformContractVersion } from '@formwerk/platform/contract';
import type { ComponentType } from 'react';
import { DiagnosticsPage } from '../features/diagnostics/components/diagnostics-page';
import { HomePage } from '../features/home/components/home-page';
import { LoginDialog } from '../features/login/components/login-dialog';
import { namespace, sitePages } from '../site-pages';

const pages: Record<string, ComponentType> = {
  ...Object.fromEntries(Object.entries(sitePages).map(([pageKey, { component }]) => [pageKey, component])),
  // The home page is where the guard sends guests (`?login=true&redirect=…`); the app alone opens the
  // dialog, so the shell's server sends such an address to the app, not to the static page.
  home: () => (
    <>
      <HomePage />
      <LoginDialog />
    </>
  ),
  // What this area sees of the shell: the app's page only.
  test: DiagnosticsPage,
};

const areaModule: AreaModule = {
  contractVersion: platformContractVersion,
  namespace,
  messages: {
    de: () => import(/* webpackChunkName: "messages-de" */ '../locales/de/index').then((module) => module.default),
    en: () => import(/* webpackChunkName: "messages-en" */ '../locales/en/index').then((module) => module.default),
  },
  pages,
};

export default areaModule;
