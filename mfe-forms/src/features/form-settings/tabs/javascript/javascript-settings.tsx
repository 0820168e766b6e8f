import { customScriptSettingsSchema, type FormDefinition } from '@formwerk/contracts';
import { takesAnswer } from '@formwerk/contracts/form-answers';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingForm } from '../../components/setting-form';
import { useSettingTab } from '../../hooks/use-setting-tab';
import './javascript-settings.css';

const maximumCodeLength = customScriptSettingsSchema.shape.code.unwrap().maxLength ?? 50_000;

/** The calls of docs/custom-script-api.md, each explained by a text of this tab. */
const apiCalls = [
  { key: 'getValue', signature: 'formwerk.getValue(fieldId)' },
  { key: 'getValues', signature: 'formwerk.getValues()' },
  { key: 'getFields', signature: 'formwerk.getFields()' },
  { key: 'getPage', signature: 'formwerk.getPage()' },
  { key: 'setValue', signature: 'formwerk.setValue(fieldId, value)' },
  { key: 'on', signature: "formwerk.on('change' | 'pageChange' | 'submit', handler)" },
] as const;

/** The fields a script can address, with their ids (the builder does not show ids). */
function FieldIds({ definition }: { definition: FormDefinition }) {
  const { t } = useTranslation('forms');
  const fields = definition.pages.flatMap((page) => page.fields).filter(takesAnswer);
  if (fields.length === 0) return <p className="ui-hint">{t('formSettings.javascript.noFields')}</p>;
  return (
    <table className="javascript-settings__fields">
      <caption>{t('formSettings.javascript.fieldsTitle')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('formSettings.javascript.fieldLabel')}</th>
          <th scope="col">{t('formSettings.javascript.fieldId')}</th>
          <th scope="col">{t('formSettings.javascript.fieldType')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field.id}>
            <th scope="row">{field.label}</th>
            <td>
              <code>{field.id}</code>
            </td>
            <td>{t(`builder.types.${field.type}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The "javascript" tab: the owner's code for the public page, where it runs in a sandboxed frame and
 * talks to the form through `formwerk.*` (docs/custom-script-api.md). The tab explains that API and
 * lists the form's field ids, so the code can be written without leaving the page.
 */
export function CustomScriptSettings() {
  const { t, i18n } = useTranslation('forms');
  const max = maximumCodeLength.toLocaleString(i18n.language);
  const codeId = useId();
  const { form, draft, update, save, saveState, issueAt, reload } = useSettingTab('javascript');
  const isTooLong = draft.code.length > maximumCodeLength || issueAt('code') !== undefined;

  return (
    <SettingForm saveState={saveState} onSave={save} onReload={reload}>
      <section className="ui-card" aria-labelledby="javascript-code">
        <h2 id="javascript-code">{t('formSettings.javascript.title')}</h2>
        <p className="ui-hint">{t('formSettings.javascript.hint')}</p>
        <div className="settings-field">
          <label htmlFor={codeId}>{t('formSettings.javascript.code')}</label>
          <textarea
            id={codeId}
            className="javascript-settings__code"
            value={draft.code}
            rows={16}
            maxLength={maximumCodeLength}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            autoCorrect="off"
            wrap="off"
            aria-describedby={`${codeId}-hint${isTooLong ? ` ${codeId}-error` : ''}`}
            aria-invalid={isTooLong || undefined}
            onChange={(event) => update({ ...draft, code: event.target.value })}
          />
          <span id={`${codeId}-hint`} className="ui-hint">
            {t('formSettings.javascript.codeHint', { max })}
          </span>
          {isTooLong ? (
            <span id={`${codeId}-error`} className="ui-error">
              {t('formSettings.javascript.tooLong', { max })}
            </span>
          ) : null}
        </div>
      </section>

      <section className="ui-card" aria-labelledby="javascript-fields">
        <h2 id="javascript-fields">{t('formSettings.javascript.fieldsTitle')}</h2>
        <p className="ui-hint">{t('formSettings.javascript.fieldsHint')}</p>
        <FieldIds definition={form.definition} />
      </section>

      <section className="ui-card" aria-labelledby="javascript-api">
        <h2 id="javascript-api">{t('formSettings.javascript.apiTitle')}</h2>
        <p className="ui-hint">{t('formSettings.javascript.apiHint')}</p>
        <dl className="javascript-settings__api">
          {apiCalls.map((call) => (
            <div key={call.key}>
              <dt>
                <code>{call.signature}</code>
              </dt>
              <dd>{t(`formSettings.javascript.api.${call.key}`)}</dd>
            </div>
          ))}
        </dl>
        <h3 className="javascript-settings__subheading">{t('formSettings.javascript.exampleTitle')}</h3>
        <p className="ui-hint">{t('formSettings.javascript.exampleHint')}</p>
        {/* It scrolls sideways on a narrow screen: focusable, so that a keyboard can scroll it too. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
        <pre className="javascript-settings__example" tabIndex={0}>
          <code>{t('formSettings.javascript.example')}</code>
        </pre>
        <h3 className="javascript-settings__subheading">{t('formSettings.javascript.limitsTitle')}</h3>
        <p>{t('formSettings.javascript.limits')}</p>
      </section>
    </SettingForm>
  );
}
