import { type ReactNode, useId } from 'react';

// The inputs of the inspector and the screen editor: each shows one setting with its label and reports
// a change; the caller names the edit, so that typing into one box is one undo step.

type TextSettingProps = {
  id?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  isMultiline?: boolean;
  maxLength?: number;
  hint?: string;
};

export function TextSetting({ id, label, value, onChange, isMultiline, maxLength, hint }: TextSettingProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const props = {
    id: inputId,
    value,
    maxLength,
    'aria-describedby': hint ? `${inputId}-hint` : undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <div className="ui-field">
      <label htmlFor={inputId}>{label}</label>
      {isMultiline ? <textarea rows={3} {...props} /> : <input {...props} />}
      {hint ? (
        <span id={`${inputId}-hint`} className="ui-hint ui-field__hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

type NumberSettingProps = {
  label: string;
  value: number | undefined;
  /** `undefined` when the box is emptied and the setting may be absent. */
  onChange: (value: number | undefined) => void;
  min: number;
  max: number;
  isOptional?: boolean;
  hint?: string;
};

export function NumberSetting({ label, value, onChange, min, max, isOptional, hint }: NumberSettingProps) {
  const id = useId();
  return (
    <div className="ui-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        value={value ?? ''}
        min={min}
        max={max}
        step={1}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => {
          const raw = event.target.value;
          if (raw === '') {
            if (isOptional) onChange(undefined);
            return;
          }
          const number = Math.round(Number(raw));
          if (Number.isNaN(number)) return;
          // Out-of-range numbers are brought into range rather than stored and refused by the save.
          onChange(Math.min(max, Math.max(min, number)));
        }}
      />
      {hint ? (
        <span id={`${id}-hint`} className="ui-hint ui-field__hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

type SelectSettingProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  hint?: string;
};

export function SelectSetting({ label, value, onChange, children, hint }: SelectSettingProps) {
  const id = useId();
  return (
    <div className="ui-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
      {hint ? (
        <span id={`${id}-hint`} className="ui-hint ui-field__hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

type ChoiceSettingProps<Value extends string> = {
  legend: string;
  value: Value;
  options: { value: Value; label: string }[];
  onChange: (value: Value) => void;
};

/** A few exclusive choices, all in view (radio buttons). */
export function ChoiceSetting<Value extends string>({ legend, value, options, onChange }: ChoiceSettingProps<Value>) {
  const name = useId();
  return (
    <fieldset className="ui-fieldset">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="ui-field ui-field--inline">
          <input type="radio" name={name} checked={value === option.value} onChange={() => onChange(option.value)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
