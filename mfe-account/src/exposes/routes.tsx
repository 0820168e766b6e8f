import { type AreaModule, lazyPage } from '@formwerk/platform';
import { platformContractVersion } from '@formwerk/platform/contract';
import type { ComponentType } from 'react';

const namespace = 'account';

const pages: Record<string, ComponentType> = {
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
  subscriptions: lazyPage(() =>
    import('../features/billing/components/subscriptions-page').then((module) => module.SubscriptionsPage),
  ),
  checkout: lazyPage(() =>
    import('../features/billing/components/checkout-page').then((module) => module.CheckoutPage),
  ),
  'stripe-callback': lazyPage(() =>
    import('../features/billing/components/checkout-return-page').then((module) => module.CheckoutReturnPage),
  ),
  storage: lazyPage(() => import('../features/storage/components/storage-page').then((module) => module.StoragePage)),
  sso: lazyPage(() => import('../features/sso/components/sso-page').then((module) => module.SsoPage)),
  mydata: lazyPage(() => import('../features/mydata/components/mydata-page').then((module) => module.MydataPage)),
  'sso-admin': lazyPage(() =>
    import('../features/sso/components/sso-admin-page').then((module) => module.SsoAdminPage),
  ),
  team: lazyPage(() => import('../features/team/components/team-page').then((module) => module.TeamPage)),
  'team-groups': lazyPage(() =>
    import('../features/team-groups/components/team-groups-page').then((module) => module.TeamGroupsPage),
  ),
  'team-group': lazyPage(() =>
    import('../features/team-group/components/team-group-page').then((module) => module.TeamGroupPage),
  ),
};

// The team's billing is asked for beside the code of the pages that show it; how, comes in a chunk of its
// own with the query cache.
const billingQueries = () => import('../features/billing/api/billing-queries');
const prefetchBilling = () => void billingQueries().then((module) => module.prefetchBilling());

// The texts: a chunk per language (locales/<language>/index.ts).
const areaModule: AreaModule = {
  contractVersion: platformContractVersion,
  namespace,
  messages: {
    de: () => import(/* webpackChunkName: "messages-de" */ '../locales/de/index').then((module) => module.default),
    en: () => import(/* webpackChunkName: "messages-en" */ '../locales/en/index').then((module) => module.default),
  },
  pages,
  prefetch: {
    subscriptions: prefetchBilling,
    storage: () => void import('../features/storage/api/storage-queries').then((module) => module.prefetchStorage()),
    profile: ({ search }) => {
      if (search.get('view') === 'billing') prefetchBilling();
    },
  },
};

export default areaModule;
