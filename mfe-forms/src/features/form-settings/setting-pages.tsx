import type { ComponentType } from 'react';
import { FormSettingsLayout } from './components/form-settings-layout';
import type { SettingTabKey } from './components/setting-tabs';
import { SettingsOverviewPage } from './components/settings-overview-page';
import { ConditionSettings } from './tabs/condition/condition-settings';
import { DomainSettings } from './tabs/domain/domain-settings';
import { EmailSettings } from './tabs/email/email-settings';
import { ErrorTextSettings } from './tabs/error/error-settings';
import { AppearanceSettings } from './tabs/form/form-settings';
import { CustomScriptSettings } from './tabs/javascript/javascript-settings';
import { MailchimpSettings } from './tabs/mailchimp/mailchimp-settings';
import { QuizSettings } from './tabs/quiz/quiz-settings';
import { ReferenceSettings } from './tabs/reference/reference-settings';
import { SchedulingSettings } from './tabs/scheduling/scheduling-settings';
import { ThankYouSettings } from './tabs/thankyou/thankyou-settings';

const tabContents: Record<SettingTabKey, ComponentType> = {
  form: AppearanceSettings,
  quiz: QuizSettings,
  email: EmailSettings,
  error: ErrorTextSettings,
  domain: DomainSettings,
  thankyou: ThankYouSettings,
  condition: ConditionSettings,
  mailchimp: MailchimpSettings,
  reference: ReferenceSettings,
  javascript: CustomScriptSettings,
  scheduling: SchedulingSettings,
};

/** The settings pages by page key: the overview and one page per tab inside the settings frame. */
export const settingPages: Record<string, ComponentType> = {
  'form-settings': SettingsOverviewPage,
  ...Object.fromEntries(
    Object.entries(tabContents).map(([tab, Content]) => [
      `form-setting-${tab}`,
      () => (
        <FormSettingsLayout tab={tab as SettingTabKey}>
          <Content />
        </FormSettingsLayout>
      ),
    ]),
  ),
};
