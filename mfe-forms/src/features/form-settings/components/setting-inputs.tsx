import { FieldFrame } from '@formwerk/ui';
import { useId } from 'react';

// Labelled inputs of the settings tabs: each names its hint and error to assistive technology.

type TextInputProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string;
  maxLength?: number;
  type?: 'text' | 'url' | 'datetime-local' | 'number';
  isMultiline?: boolean;
  placeholder?: string;
};

export function TextInput({
  label,
  value,
  onChange,
  hint,
  error,
  maxLength,
  type = 'text',
  isMultiline,
  placeholder,
}: TextInputProps) {
  return (
    <FieldFrame className="settings-field" label={label} hint={hint} error={error}>
      {({ id, describedBy, isInvalid }) => {
        const props = {
          id,
          value,
          maxLength,
          placeholder,
          'aria-describedby': describedBy,
          'aria-invalid': isInvalid,
          onChange: (event: { target: { value: string } }) => onChange(event.target.value),
        };
        return isMultiline ? <textarea rows={4} {...props} /> : <input type={type} {...props} />;
      }}
    </FieldFrame>
  );
}

type SelectInputProps<Value extends string> = {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
  hint?: string;
  error?: string;
};

export function SelectInput<Value extends string>({
  label,
  value,
  options,
  onChange,
  hint,
  error,
}: SelectInputProps<Value>) {
  return (
    <FieldFrame className="settings-field" label={label} hint={hint} error={error}>
      {({ id, describedBy, isInvalid }) => (
        <select
          id={id}
          value={value}
          aria-describedby={describedBy}
          aria-invalid={isInvalid}
          onChange={(event) => onChange(event.target.value as Value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

type CheckboxInputProps = { label: string; checked: boolean; onChange: (checked: boolean) => void; hint?: string };

export function CheckboxInput({ label, checked, onChange, hint }: CheckboxInputProps) {
  const id = useId();
  return (
    <div className="settings-field">
      <label className="settings-field--inline" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      {hint ? (
        <span id={`${id}-hint`} className="ui-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
