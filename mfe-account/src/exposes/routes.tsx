import type { AreaModule } from '@formwerk/platform';
import { TitledPage } from '@formwerk/ui';
import type { ComponentType } from 'react';
import { ForgotPasswordPage } from '../features/forgot-password/components/forgot-password-page';
import { InvitationPage } from '../features/invitation/components/invitation-page';
import { LogoutPage } from '../features/logout/components/logout-page';
import { ProfilePage } from '../features/profile/components/profile-page';
import { ResetPasswordPage } from '../features/reset-password/components/reset-password-page';
import { SurveyPage } from '../features/survey/components/survey-page';
import { TeamPage } from '../features/team/components/team-page';
import { TeamGroupPage } from '../features/team-group/components/team-group-page';
import { TeamGroupsPage } from '../features/team-groups/components/team-groups-page';
import { VerifyEmailPage } from '../features/verify-email/components/verify-email-page';
import de from '../locales/de/account.json';
import en from '../locales/en/account.json';

const namespace = 'account';

// Pages of this area so far show their localized title; their content comes with the area's issues.
const pageKeys = [
  'sso',
  'sso-admin',
  'mydata',
  'stripe-callback',
  'storage',
  'notifications',
  'subscriptions',
  'checkout',
] as const;

const pages: Record<string, ComponentType> = {
  ...Object.fromEntries(
    pageKeys.map((pageKey) => [pageKey, () => <TitledPage namespace={namespace} pageKey={pageKey} />]),
  ),
  logout: LogoutPage,
  survey: SurveyPage,
  profile: ProfilePage,
  'forgot-password': ForgotPasswordPage,
  reset: ResetPasswordPage,
  verify: VerifyEmailPage,
  invite: InvitationPage,
  team: TeamPage,
  'team-groups': TeamGroupsPage,
  'team-group': TeamGroupPage,
};

const areaModule: AreaModule = { namespace, messages: { de, en }, pages };

export default areaModule;
