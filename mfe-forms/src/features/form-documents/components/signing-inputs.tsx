import { FieldFrame } from '@formwerk/ui';

// Labelled inputs of the signing section: each names its hint and problem to assistive technology.

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
    <FieldFrame label={label} hint={hint} error={error}>
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
    </FieldFrame>
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
    <FieldFrame label={label} error={error}>
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
    </FieldFrame>
  );
}
