import type { AnswerValue, FormField } from '@formwerk/contracts';
import { type InputHTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';

type FieldInputProps = {
  /** The input's id, unique on the page. */
  id: string;
  field: FormField;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue | undefined) => void;
  /** A message key of what is wrong with the value. */
  errorKey?: string | undefined;
};

/** One answer as an input of its type, pre-filled, with its label, help and what is wrong with it. */
export function FieldInput({ id, field, value, onChange, errorKey }: FieldInputProps) {
  const { t } = useTranslation('forms');
  const helpId = field.help ? `${id}-help` : undefined;
  const errorId = errorKey ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  const label = (
    <>
      {field.label || t('submissionWorkflow.fields.untitled')}
      {field.required ? <span aria-hidden="true"> *</span> : null}
    </>
  );
  const notes = (
    <>
      {field.help ? (
        <span id={helpId} className="workflow-field__help">
          {field.help}
        </span>
      ) : null}
      {errorKey ? (
        <span id={errorId} className="workflow-field__error">
          {t(errorKey)}
        </span>
      ) : null}
    </>
  );
  const common = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': errorKey ? true : undefined,
    required: field.required,
  };
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

  if (field.type === 'singleChoice' || field.type === 'multipleChoice' || field.type === 'yesNo') {
    const isMultiple = field.type === 'multipleChoice';
    const options =
      field.type === 'yesNo'
        ? [
            { id: 'yes', label: t('submissionWorkflow.fields.yes') },
            { id: 'no', label: t('submissionWorkflow.fields.no') },
          ]
        : field.choices;
    const isChecked = (optionId: string) =>
      field.type === 'yesNo'
        ? value === (optionId === 'yes')
        : Array.isArray(value)
          ? value.some((item) => item === optionId)
          : value === optionId;
    const choose = (optionId: string, isOn: boolean) => {
      if (field.type === 'yesNo') return onChange(optionId === 'yes');
      if (!isMultiple) return onChange(optionId);
      const current = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
      onChange(isOn ? [...current, optionId] : current.filter((item) => item !== optionId));
    };
    return (
      <fieldset className="forms-field workflow-choices" aria-describedby={describedBy} id={id}>
        <legend>{label}</legend>
        {options.map((option) => (
          <label key={option.id} className="forms-field--inline">
            <input
              type={isMultiple ? 'checkbox' : 'radio'}
              name={id}
              checked={isChecked(option.id)}
              onChange={(event) => choose(option.id, event.target.checked)}
            />
            {option.label}
          </label>
        ))}
        {notes}
      </fieldset>
    );
  }

  if (field.type === 'consent') {
    return (
      <div className="forms-field">
        <label className="forms-field--inline">
          <input
            {...common}
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
          />
          {field.label || field.text}
        </label>
        {notes}
      </div>
    );
  }

  const control = (() => {
    switch (field.type) {
      case 'longText':
        return <textarea {...common} rows={4} value={text} onChange={(event) => onChange(event.target.value)} />;
      case 'number':
      case 'rating':
      case 'opinionScale':
        return (
          <NumberInput
            {...common}
            min={field.type === 'rating' ? 1 : field.min}
            max={field.max}
            value={typeof value === 'number' ? value : undefined}
            onChange={onChange}
          />
        );
      case 'dropdown':
        return (
          <select {...common} value={text} onChange={(event) => onChange(event.target.value || undefined)}>
            <option value="">{t('submissionWorkflow.fields.choose')}</option>
            {field.choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </select>
        );
      default:
        return (
          <input
            {...common}
            type={inputTypes[field.type] ?? 'text'}
            value={text}
            onChange={(event) => onChange(event.target.value)}
          />
        );
    }
  })();

  return (
    <div className="forms-field">
      <label htmlFor={id}>{label}</label>
      {control}
      {notes}
    </div>
  );
}

const inputTypes: Partial<Record<FormField['type'], string>> = {
  email: 'email',
  phone: 'tel',
  date: 'date',
  time: 'time',
};

type NumberInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
};

/**
 * A number typed as text: what is typed stays as typed ("12." on the way to "12.5"), and the answer
 * is the number it reads as, or none while it reads as none.
 */
function NumberInput({ value, onChange, ...props }: NumberInputProps) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  return (
    <input
      {...props}
      type="number"
      inputMode="decimal"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const number = event.target.valueAsNumber;
        onChange(Number.isNaN(number) ? undefined : number);
      }}
    />
  );
}
