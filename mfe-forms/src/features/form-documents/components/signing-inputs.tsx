import { type ReactNode, useId } from 'react';

// Labelled inputs of the signing section: each names its hint and problem to assistive technology.

type FrameIds = { id: string; describedBy: string | undefined; isInvalid: true | undefined };
type FrameProps = { label: string; hint?: string; error?: string; children: (ids: FrameIds) => ReactNode };

function Frame({ label, hint, error, children }: FrameProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="ui-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy, isInvalid: error ? true : undefined })}
      {hint ? (
        <span id={`${id}-hint`} className="ui-field__hint ui-hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="ui-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

type Option = { value: string; label: string };

export function SelectField({
  label,
  value,
  options,
  onChange,
  hint,
  error,
  placeholder,
}: {
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  hint?: string;
  error?: string;
  /** The first, empty choice ("Please choose", "Do not prefill"). */
  placeholder?: string;
}) {
  return (
    <Frame label={label} hint={hint} error={error}>
      {({ id, describedBy, isInvalid }) => (
        <select
          id={id}
          value={value}
          aria-describedby={describedBy}
          aria-invalid={isInvalid}
          onChange={(event) => onChange(event.target.value)}
        >
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Frame>
  );
}

export function InputField({
  label,
  value,
  onChange,
  error,
  type = 'text',
  isMultiline = false,
  maxLength,
  autoComplete = 'off',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: 'text' | 'email' | 'number';
  isMultiline?: boolean;
  maxLength?: number;
  autoComplete?: string;
}) {
  return (
    <Frame label={label} error={error}>
      {({ id, describedBy, isInvalid }) => {
        const props = {
          id,
          value,
          maxLength,
          autoComplete,
          'aria-describedby': describedBy,
          'aria-invalid': isInvalid,
          onChange: (event: { target: { value: string } }) => onChange(event.target.value),
        };
        return isMultiline ? <textarea rows={3} {...props} /> : <input type={type} {...props} />;
      }}
    </Frame>
  );
}
