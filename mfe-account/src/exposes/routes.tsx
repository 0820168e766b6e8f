import type { AreaModule } from '@formwerk/platform';
import { TitledPage } from '@formwerk/ui';
import type { ComponentType } from 'react';
import { LogoutPage } from '../features/logout/components/logout-page';
import { ProfilePage } from '../features/profile/components/profile-page';
import { SurveyPage } from '../features/survey/components/survey-page';
import de from '../locales/de/account.json';
import en from '../locales/en/account.json';

const namespace = 'account';

// Pages of this area so far show their localized title; their content comes with the area's issues.
const pageKeys = [
  'sso',
  'sso-admin',
  'reset',
  'forgot-password',
  'invite',
  'verify',
  'mydata',
  'stripe-callback',
  'storage',
  'notifications',
  'subscriptions',
  'checkout',
  'team',
  'team-groups',
  'team-group',
] as const;

const pages: Record<string, ComponentType> = {
  ...Object.fromEntries(
    pageKeys.map((pageKey) => [pageKey, () => <TitledPage namespace={namespace} pageKey={pageKey} />]),
  ),
  logout: LogoutPage,
  survey: SurveyPage,
  profile: ProfilePage,
};

const areaModule: AreaModule = { namespace, messages: { de, en }, pages };

export default areaModule;
