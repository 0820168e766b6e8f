import { useTranslation } from 'react-i18next';
import { PlaceholderPicker } from '../../components/placeholder-picker';
import { SettingForm } from '../../components/setting-form';
import { CheckboxInput, TextInput } from '../../components/setting-inputs';
import { useSettingTab } from '../../hooks/use-setting-tab';

const kinds = ['message', 'redirect'] as const;

/** The "thankyou" tab: a message with the answers filled in, or a redirect carrying them. */
export function ThankYouSettings() {
  const { t } = useTranslation('forms');
  const { form, draft, update, save, saveState, issueAt, reload } = useSettingTab('thankyou');
  return (
    <SettingForm saveState={saveState} onSave={save} onReload={reload}>
      <section className="ui-card" aria-labelledby="thankyou-kind">
        <h2 id="thankyou-kind">{t('formSettings.thankyou.kindTitle')}</h2>
        <fieldset className="settings-field" aria-labelledby="thankyou-kind">
          {kinds.map((kind) => (
            <label key={kind} className="settings-field--inline">
              <input
                type="radio"
                name="thankyou-kind"
                value={kind}
                checked={draft.kind === kind}
                onChange={() => update({ ...draft, kind })}
              />
              <span>{t(`formSettings.thankyou.kinds.${kind}`)}</span>
            </label>
          ))}
        </fieldset>
      </section>
      {draft.kind === 'message' ? (
        <section className="ui-card" aria-labelledby="thankyou-message">
          <h2 id="thankyou-message">{t('formSettings.thankyou.messageTitle')}</h2>
          <p className="ui-hint">{t('formSettings.thankyou.messageHint')}</p>
          <TextInput
            label={t('formSettings.thankyou.title')}
            value={draft.title}
            maxLength={200}
            placeholder={t('formSettings.thankyou.titlePlaceholder')}
            onChange={(title) => update({ ...draft, title })}
          />
          <TextInput
            isMultiline
            label={t('formSettings.thankyou.message')}
            value={draft.message}
            maxLength={5000}
            placeholder={t('formSettings.thankyou.messagePlaceholder')}
            onChange={(message) => update({ ...draft, message })}
          />
          <PlaceholderPicker
            definition={form.definition}
            extras={[{ name: 'reference', label: t('formSettings.thankyou.referencePlaceholder') }]}
            onPick={(placeholder) =>
              update({
                ...draft,
                message: `${draft.message}${draft.message.endsWith(' ') || !draft.message ? '' : ' '}${placeholder}`,
              })
            }
          />
        </section>
      ) : (
        <section className="ui-card" aria-labelledby="thankyou-redirect">
          <h2 id="thankyou-redirect">{t('formSettings.thankyou.redirectTitle')}</h2>
          <TextInput
            type="url"
            label={t('formSettings.thankyou.redirectUrl')}
            hint={t('formSettings.thankyou.redirectUrlHint')}
            placeholder="https://"
            value={draft.redirectUrl ?? ''}
            error={issueAt('redirectUrl') ? t('formSettings.thankyou.redirectUrlInvalid') : undefined}
            onChange={(url) => update({ ...draft, redirectUrl: url.trim() === '' ? null : url.trim() })}
          />
          <CheckboxInput
            label={t('formSettings.thankyou.redirectWithAnswers')}
            hint={t('formSettings.thankyou.redirectWithAnswersHint')}
            checked={draft.redirectWithAnswers}
            onChange={(redirectWithAnswers) => update({ ...draft, redirectWithAnswers })}
          />
        </section>
      )}
    </SettingForm>
  );
}
