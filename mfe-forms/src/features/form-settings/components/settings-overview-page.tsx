import type { FormSettings } from '@formwerk/contracts';
import { AppLink } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFormSettingsContext } from '../hooks/form-settings-context';
import { FormSettingsLayout } from './form-settings-layout';
import { type SettingTabKey, settingTabs } from './setting-tabs';

/** Which tabs do something beyond the defaults, for the overview to say "on". */
function isInUse(tab: SettingTabKey, settings: FormSettings): boolean | null {
  switch (tab) {
    case 'quiz':
      return settings.quiz.isQuiz;
    case 'email':
      return (
        settings.email.confirmation.isEnabled ||
        settings.email.notify.userIds.length + settings.email.notify.groupIds.length > 0
      );
    case 'error':
      return Object.keys(settings.error.rules).length + Object.keys(settings.error.fields).length > 0;
    case 'thankyou':
      return settings.thankyou.kind === 'redirect' || settings.thankyou.message !== '';
    case 'condition':
      return settings.condition.rules.length > 0;
    case 'mailchimp':
      return settings.mailchimp.isEnabled;
    case 'reference':
      return settings.reference.isEnabled;
    case 'javascript':
      return settings.javascript.code.trim() !== '';
    case 'scheduling':
      return (
        settings.scheduling.opensAt !== null ||
        settings.scheduling.closesAt !== null ||
        settings.scheduling.maxSubmissions !== null
      );
    default:
      return null;
  }
}

function Overview() {
  const { t } = useTranslation('forms');
  const { id = '' } = useParams();
  const { settings } = useFormSettingsContext();
  return (
    <ul className="settings-overview">
      {settingTabs.map((tab) => {
        const inUse = isInUse(tab, settings.settings);
        return (
          <li key={tab}>
            <AppLink to={`v1-forms-id-setting-${tab}`} params={{ id }}>
              <strong>{t(`pages.form-setting-${tab}.title`)}</strong>
              <span>{t(`pages.form-setting-${tab}.description`)}</span>
              {inUse === null ? null : (
                <span className={inUse ? 'settings-overview__state' : undefined}>
                  {inUse ? t('formSettings.inUse') : t('formSettings.notInUse')}
                </span>
              )}
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}

/** /v1/forms/{id}/setting: every settings tab with what it does and whether it is in use. */
export function SettingsOverviewPage() {
  return (
    <FormSettingsLayout tab={null}>
      <Overview />
    </FormSettingsLayout>
  );
}
