import { type AreaModule, lazyPage } from '@formwerk/platform';
import { TitledPage } from '@formwerk/ui';
import type { ComponentType } from 'react';
import de from '../locales/de/account.json';
import en from '../locales/en/account.json';

const namespace = 'account';

// Pages of this area so far show their localized title; their content comes with the area's issues.
const pageKeys = ['sso', 'sso-admin', 'mydata', 'stripe-callback', 'storage', 'subscriptions', 'checkout'] as const;

const pages: Record<string, ComponentType> = {
  ...Object.fromEntries(
    pageKeys.map((pageKey) => [pageKey, () => <TitledPage namespace={namespace} pageKey={pageKey} />]),
  ),
  // Each page is a chunk of its own: this module, which the shell loads for every page of the area,
  // holds only the messages and where each page's code is.
  logout: lazyPage(() => import('../features/logout/components/logout-page').then((module) => module.LogoutPage)),
  survey: lazyPage(() => import('../features/survey/components/survey-page').then((module) => module.SurveyPage)),
  profile: lazyPage(() => import('../features/profile/components/profile-page').then((module) => module.ProfilePage)),
  'forgot-password': lazyPage(() =>
    import('../features/forgot-password/components/forgot-password-page').then((module) => module.ForgotPasswordPage),
  ),
  reset: lazyPage(() =>
    import('../features/reset-password/components/reset-password-page').then((module) => module.ResetPasswordPage),
  ),
  verify: lazyPage(() =>
    import('../features/verify-email/components/verify-email-page').then((module) => module.VerifyEmailPage),
  ),
  invite: lazyPage(() =>
    import('../features/invitation/components/invitation-page').then((module) => module.InvitationPage),
  ),
  notifications: lazyPage(() =>
    import('../features/notifications/components/notifications-page').then((module) => module.NotificationsPage),
  ),
  team: lazyPage(() => import('../features/team/components/team-page').then((module) => module.TeamPage)),
  'team-groups': lazyPage(() =>
    import('../features/team-groups/components/team-groups-page').then((module) => module.TeamGroupsPage),
  ),
  'team-group': lazyPage(() =>
    import('../features/team-group/components/team-group-page').then((module) => module.TeamGroupPage),
  ),
};

const areaModule: AreaModule = { namespace, messages: { de, en }, pages };

export default areaModule;
