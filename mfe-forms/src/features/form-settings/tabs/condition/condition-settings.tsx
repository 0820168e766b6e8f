import type { FormDefinition, LogicSettings } from '@formwerk/contracts';
import { takesAnswer } from '@formwerk/contracts/form-answers';
import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { ConditionEditor } from '../../../../components/condition-editor';
import { SettingForm } from '../../components/setting-form';
import { useSettingTab } from '../../hooks/use-setting-tab';
import './condition-settings.css';

type LogicRule = LogicSettings['rules'][number];
type Action = LogicRule['effect']['action'];
const actions: readonly Action[] = ['show', 'hide', 'skipToPage', 'endForm'];

function newRule(definition: FormDefinition): LogicRule | null {
  const fields = definition.pages.flatMap((page) => page.fields);
  const first = fields.find(takesAnswer);
  const last = fields.at(-1);
  if (!first || !last || first === last) return null;
  return {
    id: crypto.randomUUID(),
    when: { combinator: 'and', rules: [{ fieldId: first.id, operator: 'isNotEmpty' }] },
    effect: { action: 'show', fieldId: last.id },
  };
}

/** The action's target follows the action: a field to show or hide, a page to skip to, or none. */
function withAction(rule: LogicRule, action: Action, definition: FormDefinition): LogicRule {
  const fields = definition.pages.flatMap((page) => page.fields);
  const currentField = 'fieldId' in rule.effect ? rule.effect.fieldId : (fields.at(-1)?.id ?? '');
  switch (action) {
    case 'show':
    case 'hide':
      return { ...rule, effect: { action, fieldId: currentField } };
    case 'skipToPage':
      return { ...rule, effect: { action, pageId: definition.pages.at(-1)?.id ?? '' } };
    case 'endForm':
      return { ...rule, effect: { action } };
  }
}

/**
 * The "condition" tab: rules "when … then show or hide a field, skip to a page, or end the form",
 * applied alike by the public page and the api (a hidden field is never required, its answer dropped).
 */
export function ConditionSettings() {
  const { t } = useTranslation('forms');
  const { form, draft, update, save, saveState, issueAt, reload } = useSettingTab('condition');
  const { definition } = form;
  const fields = definition.pages.flatMap((page) => page.fields);
  const setRule = (index: number, rule: LogicRule | null) =>
    update({
      rules: rule
        ? draft.rules.map((current, position) => (position === index ? rule : current))
        : draft.rules.filter((_, position) => position !== index),
    });
  const addable = newRule(definition);

  return (
    <SettingForm saveState={saveState} onSave={save} onReload={reload}>
      <section className="ui-card" aria-labelledby="condition-rules">
        <h2 id="condition-rules">{t('formSettings.condition.rulesTitle')}</h2>
        <p className="ui-hint">{t('formSettings.condition.rulesHint')}</p>
        {draft.rules.length === 0 ? <p>{t('formSettings.condition.empty')}</p> : null}
        <ol className="condition-settings__rules">
          {draft.rules.map((rule, index) => {
            const problem = issueAt('rules', index);
            return (
              <li key={rule.id} className="condition-settings__rule">
                <h3>{t('formSettings.condition.ruleTitle', { number: index + 1 })}</h3>
                <ConditionEditor
                  title={t('formSettings.condition.when')}
                  condition={rule.when}
                  fields={fields}
                  isRemovable={false}
                  onChange={(when) => when && setRule(index, { ...rule, when })}
                />
                <div className="condition-settings__then">
                  <div className="settings-field">
                    <label htmlFor={`${rule.id}-action`}>{t('formSettings.condition.then')}</label>
                    <select
                      id={`${rule.id}-action`}
                      value={rule.effect.action}
                      onChange={(event) => setRule(index, withAction(rule, event.target.value as Action, definition))}
                    >
                      {actions.map((action) => (
                        <option key={action} value={action}>
                          {t(`formSettings.condition.actions.${action}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                  {rule.effect.action === 'show' || rule.effect.action === 'hide' ? (
                    <div className="settings-field">
                      <label htmlFor={`${rule.id}-target`}>{t('formSettings.condition.targetField')}</label>
                      <select
                        id={`${rule.id}-target`}
                        value={rule.effect.fieldId}
                        onChange={(event) =>
                          setRule(index, {
                            ...rule,
                            effect: { action: rule.effect.action as 'show' | 'hide', fieldId: event.target.value },
                          })
                        }
                      >
                        {fields.map((field) => (
                          <option key={field.id} value={field.id}>
                            {field.label || field.id}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : null}
                  {rule.effect.action === 'skipToPage' ? (
                    <div className="settings-field">
                      <label htmlFor={`${rule.id}-target`}>{t('formSettings.condition.targetPage')}</label>
                      <select
                        id={`${rule.id}-target`}
                        value={rule.effect.pageId}
                        onChange={(event) =>
                          setRule(index, { ...rule, effect: { action: 'skipToPage', pageId: event.target.value } })
                        }
                      >
                        {definition.pages.map((page, pageIndex) => (
                          <option key={page.id} value={page.id}>
                            {page.title || t('formSettings.condition.pageNumber', { number: pageIndex + 1 })}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : null}
                </div>
                {problem ? (
                  <p role="alert" className="ui-error">
                    {t(`formSettings.condition.problems.${problem}`, {
                      defaultValue: t('formSettings.condition.problems.unknownField'),
                    })}
                  </p>
                ) : null}
                <div>
                  <Button variant="ghost" onClick={() => setRule(index, null)}>
                    {t('formSettings.condition.removeRule')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
        {addable ? (
          <div>
            <Button variant="secondary" onClick={() => update({ rules: [...draft.rules, addable] })}>
              {t('formSettings.condition.addRule')}
            </Button>
          </div>
        ) : (
          <p className="ui-hint">{t('formSettings.condition.needsFields')}</p>
        )}
      </section>
    </SettingForm>
  );
}
