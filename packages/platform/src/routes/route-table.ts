/**
 * Every route of product-spec §2, once. The shell generates its router for both locales from this
 * table; remotes link through it (see docs/decisions/004-route-table-in-platform.md).
 * German paths are unprefixed, English ones get /en; marketing pages have localized slugs.
 */
export const areas = ['marketing', 'account', 'forms', 'approvals', 'documents'] as const;
export type Area = (typeof areas)[number];
export type Layout = 'main' | 'public' | 'work';
export type MiddlewareName = 'team-owner' | 'un-auth';

export type RouteDefinition = {
  /** Route name without the locale suffix, e.g. `v1-forms-id-share`. */
  name: string;
  /** React Router pattern; one for both locales or a localized slug per locale (without /en). */
  path: string | { de: string; en: string };
  area: Area;
  /** The page key the owning remote exposes. */
  page: string;
  layout: Layout;
  middleware?: readonly string[];
};

const v1 = (name: string, path: string, area: Area, page: string, extra: Partial<RouteDefinition> = {}) =>
  ({ name, path, area, page, layout: 'main', ...extra }) satisfies RouteDefinition;
const publicPage = (name: string, path: RouteDefinition['path'], area: Area, page: string, middleware?: string[]) =>
  ({ name, path, area, page, layout: 'public', ...(middleware ? { middleware } : {}) }) satisfies RouteDefinition;

/** The children of /v1/forms/{id}/setting (product-spec §2), in the order the settings menu shows them. */
export const formSettingPages = [
  'form',
  'quiz',
  'email',
  'error',
  'domain',
  'thankyou',
  'condition',
  'mailchimp',
  'reference',
  'javascript',
  'scheduling',
] as const;

export const routeTable: readonly RouteDefinition[] = [
  // Public site (mfe-marketing)
  publicPage('index', '/', 'marketing', 'home'),
  publicPage('features', { de: '/funktionen', en: '/features' }, 'marketing', 'features'),
  publicPage('features-sku', { de: '/funktionen/:sku', en: '/features/:sku' }, 'marketing', 'feature'),
  publicPage('pricing', { de: '/preis', en: '/pricing' }, 'marketing', 'pricing'),
  publicPage('pricing1', '/pricing1', 'marketing', 'pricing-alternate'),
  publicPage('contact', { de: '/kontakt', en: '/contact' }, 'marketing', 'contact'),
  publicPage('imprint', { de: '/impressum', en: '/imprint' }, 'marketing', 'imprint'),
  publicPage('data-protection', { de: '/datenschutz', en: '/data-protection' }, 'marketing', 'data-protection'),
  publicPage('terms', { de: '/agb', en: '/general-terms-conditions' }, 'marketing', 'terms'),
  publicPage('assets', '/assets', 'marketing', 'assets'),
  publicPage('test', '/test', 'marketing', 'test'),

  // Account pages outside /v1 (mfe-account)
  publicPage('sso', '/sso', 'account', 'sso', ['un-auth']),
  publicPage('sso-admin', '/sso-admin', 'account', 'sso-admin'),
  publicPage('reset', '/reset', 'account', 'reset', ['un-auth']),
  publicPage('forgot-password', '/forgot-password', 'account', 'forgot-password', ['un-auth']),
  publicPage('invite', '/invite', 'account', 'invite'),
  publicPage('logout', '/logout', 'account', 'logout'),
  publicPage('verify', '/verify', 'account', 'verify', ['un-auth']),
  publicPage('mydata-id', '/mydata/:id', 'account', 'mydata'),
  publicPage('stripe-callback', '/stripe-callback', 'account', 'stripe-callback'),

  // Public form pages
  publicPage('form-signed', '/form/signed', 'documents', 'form-signed'),
  publicPage('form-id', '/form/:id', 'forms', 'form-fill'),
  // The builder without an account, its draft kept in the browser (docs/decisions/033-demo-without-account.md)
  publicPage('demo', '/demo', 'forms', 'demo'),

  // Logged-in area
  v1('v1', '/v1', 'forms', 'home'),
  v1('v1-survey', '/v1/survey', 'account', 'survey'),
  v1('v1-profile', '/v1/profile', 'account', 'profile'),
  v1('v1-storage', '/v1/storage', 'account', 'storage'),
  v1('v1-notifications', '/v1/notifications', 'account', 'notifications'),
  v1('v1-subscriptions', '/v1/subscriptions', 'account', 'subscriptions'),
  v1('v1-checkout-pricingId', '/v1/checkout/:pricingId', 'account', 'checkout'),
  v1('v1-team', '/v1/team', 'account', 'team', { middleware: ['team-owner'] }),
  v1('v1-team-groups', '/v1/team/groups', 'account', 'team-groups', { middleware: ['team-owner'] }),
  v1('v1-team-groups-id', '/v1/team/groups/:id', 'account', 'team-group'),

  v1('v1-apps', '/v1/apps', 'forms', 'apps'),
  v1('v1-apps-templates', '/v1/apps/templates', 'forms', 'app-templates'),
  v1('v1-apps-submissions', '/v1/apps/submissions', 'forms', 'app-submissions'),
  v1('v1-forms', '/v1/forms', 'forms', 'forms'),
  v1('v1-forms-archived', '/v1/forms/archived', 'forms', 'forms-archived'),
  v1('v1-forms-templates', '/v1/forms/templates', 'forms', 'form-templates'),
  v1('v1-forms-id', '/v1/forms/:id', 'forms', 'form-builder'),
  v1('v1-forms-id-share', '/v1/forms/:id/share', 'forms', 'form-share'),
  v1('v1-forms-id-documents', '/v1/forms/:id/documents', 'forms', 'form-documents'),
  v1('v1-forms-id-submissions', '/v1/forms/:id/submissions', 'forms', 'form-submissions'),
  v1('v1-forms-id-setting', '/v1/forms/:id/setting', 'forms', 'form-settings'),
  ...formSettingPages.map((setting) =>
    v1(`v1-forms-id-setting-${setting}`, `/v1/forms/:id/setting/${setting}`, 'forms', `form-setting-${setting}`),
  ),
  v1('v1-preview-id', '/v1/preview/:id', 'forms', 'form-preview'),
  v1('v1-template-id', '/v1/template/:id', 'forms', 'template'),
  v1('v1-templates-id', '/v1/templates/:id', 'forms', 'team-template'),
  v1('v1-submissions', '/v1/submissions', 'forms', 'submissions'),
  v1('v1-submission-id', '/v1/submission/:id', 'forms', 'submission'),
  v1('v1-submissions-id', '/v1/submissions/:id', 'forms', 'submission-detail'),
  v1('v1-submissions-id-chart', '/v1/submissions/:id/chart', 'forms', 'submission-chart'),
  v1('v1-submissions-id-workflow', '/v1/submissions/:id/workflow', 'forms', 'submission-workflow'),

  v1('v1-approve', '/v1/approve', 'approvals', 'inbox', { layout: 'work' }),
  v1('v1-approve-approvals', '/v1/approve/approvals', 'approvals', 'approvals', { layout: 'work' }),
  v1('v1-approve-approvals-id', '/v1/approve/approvals/:id', 'approvals', 'approval', { layout: 'work' }),
  v1('v1-approve-workflows', '/v1/approve/workflows', 'approvals', 'workflows', { layout: 'work' }),
  v1('v1-approve-id', '/v1/approve/:id', 'approvals', 'workflow', { layout: 'work' }),
  v1('v1-workflow-id', '/v1/workflow/:id', 'approvals', 'workflow-editor', { layout: 'work' }),
  v1('v1-workflow-id-screen', '/v1/workflow/:id/screen', 'approvals', 'workflow-screens', { layout: 'work' }),
  v1('v1-workflow-id-screen-screen_id', '/v1/workflow/:id/screen/:screen_id', 'approvals', 'workflow-screen', {
    layout: 'work',
  }),

  v1('v1-documents', '/v1/documents', 'documents', 'documents'),
  v1('v1-documents-shared', '/v1/documents/shared', 'documents', 'shared-documents'),
  v1('v1-documents-templates', '/v1/documents/templates', 'documents', 'document-templates'),
  v1('v1-signature-template', '/v1/signature-template', 'documents', 'signature-templates'),
];
