import type { AreaModule } from '@formwerk/platform';
import { TitledPage } from '@formwerk/ui';
import type { ComponentType } from 'react';
import { DiagnosticsPage } from '../features/diagnostics/components/diagnostics-page';
import { HomePage } from '../features/home/components/home-page';
import { LoginDialog } from '../features/login/components/login-dialog';
import de from '../locales/de/marketing.json';
import en from '../locales/en/marketing.json';

const namespace = 'marketing';

// Pages of this area so far show their localized title; their content comes with the area's issues.
const pageKeys = [
  'features',
  'feature',
  'pricing',
  'pricing-alternate',
  'contact',
  'imprint',
  'data-protection',
  'terms',
  'assets',
] as const;

const pages: Record<string, ComponentType> = {
  ...Object.fromEntries(
    pageKeys.map((pageKey) => [pageKey, () => <TitledPage namespace={namespace} pageKey={pageKey} />]),
  ),
  // The home page is where the guard sends guests (`?login=true&redirect=…`).
  home: () => (
    <>
      <HomePage />
      <LoginDialog />
    </>
  ),
  test: DiagnosticsPage,
};

const areaModule: AreaModule = { namespace, messages: { de, en }, pages };

export default areaModule;
