import { useTranslation } from 'react-i18next';
import { SettingForm } from '../../components/setting-form';
import { CheckboxInput, SelectInput } from '../../components/setting-inputs';
import { useSettingTab } from '../../hooks/use-setting-tab';
import { DeliveryFailures } from './delivery-failures';
import './email-settings.css';
import { TeamRecipients } from './team-recipients';
import { TemplateEditor } from './template-editor';

/** The "email" tab: who of the team hears of each submission, and the respondent's confirmation mail. */
export function EmailSettings() {
  const { t } = useTranslation('forms');
  const { form, draft, update, save, saveState, issueAt, reload } = useSettingTab('email');
  const { confirmation } = draft;
  const emailFields = form.definition.pages.flatMap((page) => page.fields).filter((field) => field.type === 'email');
  const emailFieldIssue = issueAt('confirmation', 'emailFieldId');
  return (
    <>
      <SettingForm saveState={saveState} onSave={save} onReload={reload}>
        <section className="ui-card" aria-labelledby="email-team">
          <h2 id="email-team">{t('formSettings.email.teamTitle')}</h2>
          <p className="ui-hint">{t('formSettings.email.teamHint')}</p>
          <TeamRecipients notify={draft.notify} onChange={(notify) => update({ ...draft, notify })} />
        </section>
        <section className="ui-card" aria-labelledby="email-confirmation">
          <h2 id="email-confirmation">{t('formSettings.email.confirmationTitle')}</h2>
          <CheckboxInput
            label={t('formSettings.email.confirmationEnabled')}
            hint={t('formSettings.email.confirmationHint', {
              language: t(`formSettings.email.languages.${form.definition.language}`),
            })}
            checked={confirmation.isEnabled}
            onChange={(isEnabled) => update({ ...draft, confirmation: { ...confirmation, isEnabled } })}
          />
          {confirmation.isEnabled ? (
            <>
              {emailFields.length === 0 ? (
                <p className="ui-error">{t('formSettings.email.noEmailField')}</p>
              ) : (
                <SelectInput
                  label={t('formSettings.email.emailField')}
                  value={confirmation.emailFieldId ?? ''}
                  options={[
                    { value: '', label: t('formSettings.email.chooseField') },
                    ...emailFields.map((field) => ({ value: field.id, label: field.label || field.id })),
                  ]}
                  error={emailFieldIssue ? t('formSettings.email.emailFieldRequired') : undefined}
                  onChange={(emailFieldId) =>
                    update({ ...draft, confirmation: { ...confirmation, emailFieldId: emailFieldId || null } })
                  }
                />
              )}
              <TemplateEditor
                definition={form.definition}
                value={{ subject: confirmation.subject, body: confirmation.body }}
                onChange={(template) => update({ ...draft, confirmation: { ...confirmation, ...template } })}
              />
            </>
          ) : null}
        </section>
      </SettingForm>
      <DeliveryFailures formId={form.id} kind="mail" />
    </>
  );
}
