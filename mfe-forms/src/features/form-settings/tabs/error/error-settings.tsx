import {
  type AnswerIssueCode,
  answerIssueCodes,
  type ErrorTextSettings as ErrorTexts,
  type LocalizedText,
} from '@formwerk/contracts';
import { takesAnswer } from '@formwerk/contracts/form-answers';
import { textsOf } from '@formwerk/form-renderer';
import { Button } from '@formwerk/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingForm } from '../../components/setting-form';
import { SelectInput } from '../../components/setting-inputs';
import { useSettingTab } from '../../hooks/use-setting-tab';
import './error-settings.css';

type TextsPerRule = ErrorTexts['rules'];
const languages = ['de', 'en'] as const;

/** A rule's text in both languages; empty inputs fall back to ours, shown as their placeholders. */
function RuleTexts({
  code,
  texts,
  onChange,
}: {
  code: AnswerIssueCode;
  texts: LocalizedText | undefined;
  onChange: (texts: LocalizedText | undefined) => void;
}) {
  const { t } = useTranslation('forms');
  const id = useId();
  const set = (language: 'de' | 'en', text: string) => {
    const next = { ...texts, [language]: text === '' ? undefined : text };
    onChange(next.de === undefined && next.en === undefined ? undefined : next);
  };
  return (
    <tr>
      <th scope="row" id={id}>
        {t(`formSettings.error.rules.${code}`)}
      </th>
      {languages.map((language) => (
        <td key={language}>
          <input
            type="text"
            maxLength={500}
            aria-labelledby={`${id} ${id}-${language}`}
            value={texts?.[language] ?? ''}
            placeholder={textsOf(language).issues[code]}
            onChange={(event) => set(language, event.target.value)}
          />
          <span id={`${id}-${language}`} hidden>
            {t(`formSettings.error.languages.${language}`)}
          </span>
        </td>
      ))}
    </tr>
  );
}

function RulesTable({
  caption,
  labelledBy,
  codes,
  texts,
  onChange,
}: {
  /** A table of its own names itself; the one a section's heading names has none. */
  caption?: string;
  labelledBy?: string;
  codes: readonly AnswerIssueCode[];
  texts: TextsPerRule;
  onChange: (texts: TextsPerRule) => void;
}) {
  const { t } = useTranslation('forms');
  return (
    <table className="error-settings__table" aria-labelledby={labelledBy}>
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          <th scope="col">{t('formSettings.error.rule')}</th>
          {languages.map((language) => (
            <th scope="col" key={language}>
              {t(`formSettings.error.languages.${language}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {codes.map((code) => (
          <RuleTexts
            key={code}
            code={code}
            texts={texts[code]}
            onChange={(ruleTexts) => {
              const next = { ...texts };
              if (ruleTexts) next[code] = ruleTexts;
              else delete next[code];
              onChange(next);
            }}
          />
        ))}
      </tbody>
    </table>
  );
}

/**
 * The "error" tab: the public page's messages in the owner's words, per rule for every field and per
 * field and rule, in German and English. Empty means our message.
 */
export function ErrorTextSettings() {
  const { t } = useTranslation('forms');
  const { form, draft, update, save, saveState, reload } = useSettingTab('error');
  const fields = form.definition.pages.flatMap((page) => page.fields).filter(takesAnswer);
  const [chosenFieldId, setChosenFieldId] = useState('');
  const fieldIds = Object.keys(draft.fields);
  const fieldLabel = (fieldId: string) => fields.find((field) => field.id === fieldId)?.label || fieldId;
  return (
    <SettingForm saveState={saveState} onSave={save} onReload={reload}>
      <section className="ui-card" aria-labelledby="error-rules">
        <h2 id="error-rules">{t('formSettings.error.rulesTitle')}</h2>
        <p className="ui-hint">{t('formSettings.error.rulesHint')}</p>
        <RulesTable
          labelledBy="error-rules"
          codes={answerIssueCodes}
          texts={draft.rules}
          onChange={(rules) => update({ ...draft, rules })}
        />
      </section>
      <section className="ui-card" aria-labelledby="error-fields">
        <h2 id="error-fields">{t('formSettings.error.fieldsTitle')}</h2>
        <p className="ui-hint">{t('formSettings.error.fieldsHint')}</p>
        {fields.length === 0 ? <p>{t('formSettings.noFieldsOfType')}</p> : null}
        {fieldIds.map((fieldId) => (
          <div key={fieldId} className="error-settings__field">
            <RulesTable
              caption={fieldLabel(fieldId)}
              codes={answerIssueCodes}
              texts={draft.fields[fieldId] ?? {}}
              onChange={(texts) => update({ ...draft, fields: { ...draft.fields, [fieldId]: texts } })}
            />
            <Button
              variant="secondary"
              onClick={() => {
                const { [fieldId]: _removed, ...rest } = draft.fields;
                update({ ...draft, fields: rest });
              }}
            >
              {t('formSettings.error.removeField', { field: fieldLabel(fieldId) })}
            </Button>
          </div>
        ))}
        {fields.length > fieldIds.length ? (
          <div className="settings-actions">
            <SelectInput
              label={t('formSettings.error.chooseField')}
              value={chosenFieldId}
              options={[
                { value: '', label: t('formSettings.choosePlaceholder') },
                ...fields
                  .filter((field) => !fieldIds.includes(field.id))
                  .map((field) => ({ value: field.id, label: field.label || field.id })),
              ]}
              onChange={setChosenFieldId}
            />
            <Button
              variant="secondary"
              disabled={chosenFieldId === ''}
              onClick={() => {
                update({ ...draft, fields: { ...draft.fields, [chosenFieldId]: {} } });
                setChosenFieldId('');
              }}
            >
              {t('formSettings.error.addField')}
            </Button>
          </div>
        ) : null}
      </section>
    </SettingForm>
  );
}
