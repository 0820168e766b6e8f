import type { AnswerValue, FormField } from '@formwerk/contracts';
import { type InputHTMLAttributes, useState } from 'react';

/** The few words the input shows itself, in the page's language. */
export type AnswerInputTexts = { untitled: string; yes: string; no: string; choose: string };

type AnswerInputProps = {
  /** The input's id, unique on the page (a form field and an extra field may share their own id). */
  id: string;
  field: FormField;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue | undefined) => void;
  /** What is wrong with the value, in words. */
  error?: string | undefined;
  texts: AnswerInputTexts;
};

/**
 * One answer of a form as an input of its type, pre-filled, with its label, help and what is wrong
 * with it: where someone other than the respondent changes answers (an approver at a step, a
 * requester asked for changes).
 */
export function AnswerInput({ id, field, value, onChange, error, texts }: AnswerInputProps) {
  const helpId = field.help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  const label = (
    <>
      {field.label || texts.untitled}
      {field.required ? <span aria-hidden="true"> *</span> : null}
    </>
  );
  const notes = (
    <>
      {field.help ? (
        <span id={helpId} className="ui-answer__help">
          {field.help}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="ui-answer__error">
          {error}
        </span>
      ) : null}
    </>
  );
  const common = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    required: field.required,
  };
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

  if (field.type === 'singleChoice' || field.type === 'multipleChoice' || field.type === 'yesNo') {
    const isMultiple = field.type === 'multipleChoice';
    const options =
      field.type === 'yesNo'
        ? [
            { id: 'yes', label: texts.yes },
            { id: 'no', label: texts.no },
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
      <fieldset className="ui-answer ui-answer--choices" aria-describedby={describedBy} id={id}>
        <legend>{label}</legend>
        {options.map((option) => (
          <label key={option.id} className="ui-answer__check">
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
      <div className="ui-answer">
        <label className="ui-answer__check">
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
            <option value="">{texts.choose}</option>
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
    <div className="ui-answer">
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
