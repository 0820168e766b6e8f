import { useId } from 'react';

// The inputs of the inspector: each shows a setting and reports a change with the key it edits, so
// typing into one box becomes one undo step.

type TextSettingProps = {
  id?: string;
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  isMultiline?: boolean;
  maxLength?: number;
  hint?: string;
  error?: string;
  type?: 'text' | 'date' | 'time';
};

export function TextSetting({
  id,
  label,
  value,
  onChange,
  isMultiline,
  maxLength,
  hint,
  error,
  type = 'text',
}: TextSettingProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint && hintId, error && `${inputId}-error`].filter(Boolean).join(' ') || undefined;
  const props = {
    id: inputId,
    value: value ?? '',
    maxLength,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    onChange: (event: { target: { value: string } }) =>
      onChange(event.target.value === '' ? undefined : event.target.value),
  };
  return (
    <div className="ui-field">
      <label htmlFor={inputId}>{label}</label>
      {isMultiline ? <textarea rows={3} {...props} /> : <input type={type} {...props} />}
      {hint ? (
        <span id={hintId} className="ui-hint ui-field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${inputId}-error`} className="ui-error ui-field__hint">
          {error}
        </span>
      ) : null}
    </div>
  );
}

type NumberSettingProps = {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  min?: number;
  max?: number;
  step?: number | 'any';
  isRequired?: boolean;
};

export function NumberSetting({ label, value, onChange, min, max, step = 1, isRequired }: NumberSettingProps) {
  const id = useId();
  return (
    <div className="ui-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        value={value ?? ''}
        min={min}
        max={max}
        step={step}
        required={isRequired}
        onChange={(event) => {
          const raw = event.target.value;
          if (raw === '') {
            if (!isRequired) onChange(undefined);
            return;
          }
          const number = Number(raw);
          if (Number.isNaN(number)) return;
          // Out-of-range numbers are brought into range rather than stored and refused by the save.
          onChange(Math.min(max ?? number, Math.max(min ?? number, number)));
        }}
      />
    </div>
  );
}

export function CheckboxSetting({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="ui-field ui-field--inline">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}
