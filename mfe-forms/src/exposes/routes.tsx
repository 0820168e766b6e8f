import type { AreaModule } from '@formwerk/platform';
import { TitledPage } from '@formwerk/ui';
import type { ComponentType } from 'react';
import de from '../locales/de/forms.json';
import en from '../locales/en/forms.json';

const namespace = 'forms';

// Pages of this area so far show their localized title; their content comes with the area's issues.
const pageKeys = [
  'home',
  'apps',
  'app-templates',
  'app-submissions',
  'forms',
  'forms-archived',
  'form-templates',
  'form-builder',
  'form-share',
  'form-documents',
  'form-submissions',
  'form-settings',
  'form-setting-form',
  'form-setting-quiz',
  'form-setting-email',
  'form-setting-error',
  'form-setting-domain',
  'form-setting-thankyou',
  'form-setting-condition',
  'form-setting-mailchimp',
  'form-setting-reference',
  'form-setting-javascript',
  'form-setting-scheduling',
  'form-preview',
  'template',
  'team-template',
  'submissions',
  'submission',
  'submission-detail',
  'submission-chart',
  'submission-workflow',
  'form-fill',
] as const;

const pages: Record<string, ComponentType> = Object.fromEntries(
  pageKeys.map((pageKey) => [pageKey, () => <TitledPage namespace={namespace} pageKey={pageKey} />]),
);

const areaModule: AreaModule = { namespace, messages: { de, en }, pages };

export default areaModule;
