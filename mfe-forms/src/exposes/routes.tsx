import { type AreaModule, lazyPage } from '@formwerk/platform';
import { platformContractVersion } from '@formwerk/platform/contract';
import type { ComponentType } from 'react';
import { settingTabs } from '../features/form-settings/components/setting-tabs';

const namespace = 'forms';

// Each page is a chunk of its own: this module, which the shell loads for every page of the area,
// holds only the messages and where each page's code is.
const settingsPages = () => import('../features/form-settings/setting-pages').then((module) => module.settingPages);
const settingPageKeys = ['form-settings', ...settingTabs.map((tab) => `form-setting-${tab}`)];
const submissionPage = lazyPage(() =>
  import('../features/submission-detail/components/submission-page').then((module) => module.SubmissionPage),
);

const pages: Record<string, ComponentType> = {
  // The public form page is the shell server's, from the `fill` entry; reached inside the app, it opens it.
  'form-fill': lazyPage(() =>
    import('../features/form-fill/components/form-fill-page').then((module) => module.FormFillPage),
  ),
  ...Object.fromEntries(
    settingPageKeys.map((pageKey) => [
      pageKey,
      lazyPage(() =>
        settingsPages().then((settingPages) => {
          const page = settingPages[pageKey];
          if (!page) throw new Error(`No settings page "${pageKey}"`);
          return page;
        }),
      ),
    ]),
  ),
  home: lazyPage(() => import('../features/home/components/home-page').then((module) => module.HomePage)),
  'form-documents': lazyPage(() =>
    import('../features/form-documents/components/form-documents-page').then((module) => module.FormDocumentsPage),
  ),
  apps: lazyPage(() => import('../features/apps/components/apps-page').then((module) => module.AppsPage)),
  'app-templates': lazyPage(() =>
    import('../features/apps/components/app-templates-page').then((module) => module.AppTemplatesPage),
  ),
  'app-submissions': lazyPage(() =>
    import('../features/apps/components/app-submissions-page').then((module) => module.AppSubmissionsPage),
  ),
  forms: lazyPage(() =>
    import('../features/form-list/components/form-list-page').then((module) => module.FormListPage),
  ),
  'forms-archived': lazyPage(() =>
    import('../features/form-list/components/archived-forms-page').then((module) => module.ArchivedFormsPage),
  ),
  'form-templates': lazyPage(() =>
    import('../features/templates/components/template-gallery-page').then((module) => module.TemplateGalleryPage),
  ),
  template: lazyPage(() =>
    import('../features/templates/components/template-page').then((module) => module.TemplatePage),
  ),
  'team-template': lazyPage(() =>
    import('../features/templates/components/team-template-page').then((module) => module.TeamTemplatePage),
  ),
  'form-builder': lazyPage(() =>
    import('../features/form-builder/components/form-builder-page').then((module) => module.FormBuilderPage),
  ),
  demo: lazyPage(() => import('../features/form-demo/components/demo-page').then((module) => module.DemoPage)),
  'form-preview': lazyPage(() =>
    import('../features/form-preview/components/form-preview-page').then((module) => module.FormPreviewPage),
  ),
  'form-share': lazyPage(() =>
    import('../features/form-share/components/form-share-page').then((module) => module.FormSharePage),
  ),
  'form-submissions': lazyPage(() =>
    import('../features/submissions/components/form-submissions-page').then((module) => module.FormSubmissionsPage),
  ),
  submissions: lazyPage(() =>
    import('../features/submissions/components/all-submissions-page').then((module) => module.AllSubmissionsPage),
  ),
  submission: submissionPage,
  'submission-detail': submissionPage,
  'submission-workflow': lazyPage(() =>
    import('../features/submission-workflow/components/submission-workflow-page').then(
      (module) => module.SubmissionWorkflowPage,
    ),
  ),
  'submission-chart': lazyPage(() =>
    import('../features/submission-detail/components/submission-chart-page').then(
      (module) => module.SubmissionChartPage,
    ),
  ),
};

// The lists' data is asked for beside their code; how, comes in a chunk of its own with the query cache.
const formListQueries = () => import('../features/form-list/api/form-list-queries');

const areaModule: AreaModule = {
  contractVersion: platformContractVersion,
  namespace,
  messages: {
    de: () => import(/* webpackChunkName: "messages-de" */ '../locales/de/index').then((module) => module.default),
    en: () => import(/* webpackChunkName: "messages-en" */ '../locales/en/index').then((module) => module.default),
  },
  pages,
  prefetch: {
    forms: (target) => void formListQueries().then((module) => module.prefetchFormList(target, false)),
    'forms-archived': (target) => void formListQueries().then((module) => module.prefetchFormList(target, true)),
  },
};

export default areaModule;
