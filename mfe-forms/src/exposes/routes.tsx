import type { AreaModule } from '@formwerk/platform';
import { TitledPage } from '@formwerk/ui';
import type { ComponentType } from 'react';
import { AppSubmissionsPage } from '../features/apps/components/app-submissions-page';
import { AppTemplatesPage } from '../features/apps/components/app-templates-page';
import { AppsPage } from '../features/apps/components/apps-page';
import { FormBuilderPage } from '../features/form-builder/components/form-builder-page';
import { FormDocumentsPage } from '../features/form-documents/components/form-documents-page';
import { ArchivedFormsPage } from '../features/form-list/components/archived-forms-page';
import { FormListPage } from '../features/form-list/components/form-list-page';
import { FormPreviewPage } from '../features/form-preview/components/form-preview-page';
import { settingPages } from '../features/form-settings/setting-pages';
import { settingsMessages } from '../features/form-settings/settings-messages';
import { FormSharePage } from '../features/form-share/components/form-share-page';
import { HomePage } from '../features/home/components/home-page';
import { SubmissionChartPage } from '../features/submission-detail/components/submission-chart-page';
import { SubmissionPage } from '../features/submission-detail/components/submission-page';
import { AllSubmissionsPage } from '../features/submissions/components/all-submissions-page';
import { FormSubmissionsPage } from '../features/submissions/components/form-submissions-page';
import { TeamTemplatePage } from '../features/templates/components/team-template-page';
import { TemplateGalleryPage } from '../features/templates/components/template-gallery-page';
import { TemplatePage } from '../features/templates/components/template-page';
import de from '../locales/de/forms.json';
import en from '../locales/en/forms.json';

const namespace = 'forms';

// Pages of this area still to come show their localized title: the approval history has an issue of
// its own; the public form page is served by the shell server from the `fill` entry.
const pageKeys = ['submission-workflow', 'form-fill'] as const;

const pages: Record<string, ComponentType> = {
  ...Object.fromEntries(
    pageKeys.map((pageKey) => [pageKey, () => <TitledPage namespace={namespace} pageKey={pageKey} />]),
  ),
  ...settingPages,
  home: HomePage,
  'form-documents': FormDocumentsPage,
  apps: AppsPage,
  'app-templates': AppTemplatesPage,
  'app-submissions': AppSubmissionsPage,
  forms: FormListPage,
  'forms-archived': ArchivedFormsPage,
  'form-templates': TemplateGalleryPage,
  template: TemplatePage,
  'team-template': TeamTemplatePage,
  'form-builder': FormBuilderPage,
  'form-preview': FormPreviewPage,
  'form-share': FormSharePage,
  'form-submissions': FormSubmissionsPage,
  submissions: AllSubmissionsPage,
  submission: SubmissionPage,
  'submission-detail': SubmissionPage,
  'submission-chart': SubmissionChartPage,
};

const areaModule: AreaModule = {
  namespace,
  messages: { de: { ...de, ...settingsMessages.de }, en: { ...en, ...settingsMessages.en } },
  pages,
};

export default areaModule;
