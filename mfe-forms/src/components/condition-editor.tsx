import {
  type Condition,
  type ConditionOperator,
  type ConditionRule,
  conditionOperators,
  type FormField,
  takesAnswer,
} from '@formwerk/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './condition-editor.css';

type ConditionEditorProps = {
  title: string;
  condition: Condition | undefined;
  /** Only fields before the element may be read: conditions look back (form-definition.contract.ts). */
  fields: FormField[];
  onChange: (condition: Condition | undefined) => void;
  /** False where a condition must stay (a rule of the condition tab): its last comparison stays too. */
  isRemovable?: boolean;
};

const operatorsWithoutValue: ConditionOperator[] = ['isEmpty', 'isNotEmpty'];

/** The value box of a rule fits the field it reads: its choices, yes/no, a number or text. */
function RuleValue({
  rule,
  field,
  onChange,
}: {
  rule: ConditionRule;
  field?: FormField;
  onChange: (value: ConditionRule['value']) => void;
}) {
  const { t } = useTranslation('forms');
  const label = t('builder.condition.value');
  if (field && 'choices' in field) {
    return (
      <select aria-label={label} value={String(rule.value ?? '')} onChange={(event) => onChange(event.target.value)}>
        <option value="" />
        {field.choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
          </option>
        ))}
      </select>
    );
  }
  if (field?.type === 'yesNo' || field?.type === 'consent') {
    return (
      <select
        aria-label={label}
        value={String(rule.value ?? true)}
        onChange={(event) => onChange(event.target.value === 'true')}
      >
        <option value="true">{t('builder.condition.yes')}</option>
        <option value="false">{t('builder.condition.no')}</option>
      </select>
    );
  }
  const isNumeric = ['number', 'rating', 'opinionScale', 'calculated'].includes(field?.type ?? '');
  return (
    <input
      aria-label={label}
      type={isNumeric ? 'number' : 'text'}
      value={rule.value === undefined ? '' : String(rule.value)}
      onChange={(event) =>
        onChange(isNumeric && event.target.value !== '' ? Number(event.target.value) : event.target.value)
      }
    />
  );
}

/** "Show only when / skip when" rules over earlier fields, combined by all or any. */
export function ConditionEditor({ title, condition, fields, onChange, isRemovable = true }: ConditionEditorProps) {
  const { t } = useTranslation('forms');
  const titleId = useId();
  const readable = fields.filter(takesAnswer);
  const firstField = readable[0];

  const setRule = (index: number, change: Partial<ConditionRule>) => {
    if (!condition) return;
    const rules = condition.rules.map((rule, position) => {
      if (position !== index) return rule;
      const next = { ...rule, ...change };
      if (operatorsWithoutValue.includes(next.operator)) delete next.value;
      return next;
    });
    onChange({ ...condition, rules });
  };
  const newRule = (): ConditionRule | undefined =>
    firstField ? { fieldId: firstField.id, operator: 'isNotEmpty' } : undefined;

  return (
    <fieldset className="condition-editor" aria-labelledby={titleId}>
      <legend id={titleId}>{title}</legend>
      {readable.length === 0 ? <p className="ui-hint">{t('builder.condition.noFields')}</p> : null}
      {!condition && readable.length > 0 ? (
        <>
          <p className="ui-hint">{t('builder.condition.none')}</p>
          <button
            type="button"
            className="ui-button ui-button--secondary"
            onClick={() => {
              const rule = newRule();
              if (rule) onChange({ combinator: 'and', rules: [rule] });
            }}
          >
            {t('builder.condition.add')}
          </button>
        </>
      ) : null}
      {condition ? (
        <>
          <label className="ui-field ui-field--inline">
            {t('builder.condition.combinatorLabel')}
            <select
              value={condition.combinator}
              onChange={(event) =>
                onChange({ ...condition, combinator: event.target.value as Condition['combinator'] })
              }
            >
              <option value="and">{t('builder.condition.combinator.and')}</option>
              <option value="or">{t('builder.condition.combinator.or')}</option>
            </select>
          </label>
          <ol className="condition-editor__rules">
            {condition.rules.map((rule, index) => {
              const field = readable.find((candidate) => candidate.id === rule.fieldId);
              return (
                // Rules have no id of their own; their position is what identifies them here.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={index} className="condition-editor__rule">
                  <select
                    aria-label={t('builder.condition.field')}
                    value={rule.fieldId}
                    onChange={(event) => setRule(index, { fieldId: event.target.value, value: undefined })}
                  >
                    {!field ? <option value={rule.fieldId}>{rule.fieldId}</option> : null}
                    {readable.map((candidate) => (
                      <option key={candidate.id} value={candidate.id}>
                        {candidate.label || candidate.id}
                      </option>
                    ))}
                  </select>
                  <select
                    aria-label={t('builder.condition.operator')}
                    value={rule.operator}
                    onChange={(event) => setRule(index, { operator: event.target.value as ConditionOperator })}
                  >
                    {conditionOperators.map((operator) => (
                      <option key={operator} value={operator}>
                        {t(`builder.condition.operators.${operator}`)}
                      </option>
                    ))}
                  </select>
                  {operatorsWithoutValue.includes(rule.operator) ? null : (
                    <RuleValue rule={rule} field={field} onChange={(value) => setRule(index, { value })} />
                  )}
                  <button
                    type="button"
                    className="ui-button ui-button--ghost condition-editor__remove"
                    aria-label={t('builder.condition.removeRule')}
                    title={t('builder.condition.removeRule')}
                    disabled={!isRemovable && condition.rules.length === 1}
                    onClick={() => {
                      const rules = condition.rules.filter((_, position) => position !== index);
                      onChange(rules.length > 0 ? { ...condition, rules } : undefined);
                    }}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ol>
          <div className="ui-toolbar">
            <button
              type="button"
              className="ui-button ui-button--secondary"
              disabled={condition.rules.length >= 20}
              onClick={() => {
                const rule = newRule();
                if (rule) onChange({ ...condition, rules: [...condition.rules, rule] });
              }}
            >
              {t('builder.condition.addRule')}
            </button>
            {isRemovable ? (
              <button type="button" className="ui-button ui-button--ghost" onClick={() => onChange(undefined)}>
                {t('builder.condition.remove')}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </fieldset>
  );
}
