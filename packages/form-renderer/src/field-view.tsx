import type { AnswerValue, FileAnswer, FormField } from '@formwerk/contracts';
import type { ReactNode } from 'react';
import { FileField, SignatureField, type UploadFile } from './file-fields';
import { fill, type RendererTexts } from './messages';

type FieldViewProps = {
  field: FormField;
  value: AnswerValue | undefined;
  error: string | undefined;
  texts: RendererTexts;
  /** How files of this form are sent; missing in previews and while rendered on the server. */
  uploadFile?: UploadFile;
  isPreview?: boolean;
  onChange: (value: AnswerValue | undefined) => void;
  /** For files and signatures: whether they are still being stored. */
  onBusyChange?: (isBusy: boolean) => void;
};

const inputTypes = {
  shortText: 'text',
  email: 'email',
  phone: 'tel',
  number: 'text',
  date: 'date',
  time: 'time',
} as const;
const autoCompletes: Partial<Record<FormField['type'], string>> = { email: 'email', phone: 'tel' };

function asString(value: AnswerValue | undefined): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** Label, help and error around one control; ids tie them together for screen readers. */
function FieldFrame({
  field,
  error,
  texts,
  isGroup,
  children,
}: Omit<FieldViewProps, 'value' | 'onChange'> & { isGroup: boolean; children: ReactNode }) {
  const labelContent = (
    <>
      {field.label}
      {field.required ? (
        <span className="fw-field__required" title={texts.required}>
          {' *'}
        </span>
      ) : null}
    </>
  );
  const help = field.help ? (
    <p className="fw-field__help" id={`${field.id}-help`}>
      {field.help}
    </p>
  ) : null;
  const errorText = error ? (
    <p className="fw-field__error" id={`${field.id}-error`}>
      {error}
    </p>
  ) : null;
  if (isGroup) {
    return (
      <fieldset
        className="fw-field"
        aria-describedby={describedBy(field, error)}
        aria-invalid={error ? true : undefined}
      >
        <legend className="fw-field__label">{labelContent}</legend>
        {help}
        {children}
        {errorText}
      </fieldset>
    );
  }
  return (
    <div className="fw-field">
      <label className="fw-field__label" htmlFor={field.id}>
        {labelContent}
      </label>
      {help}
      {children}
      {errorText}
    </div>
  );
}

function describedBy(field: FormField, error: string | undefined): string | undefined {
  const ids = [field.help ? `${field.id}-help` : '', error ? `${field.id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** One field of a form as respondents meet it; everything the author typed is rendered as text. */
export function FieldView({
  field,
  value,
  error,
  texts,
  uploadFile,
  isPreview = false,
  onChange,
  onBusyChange,
}: FieldViewProps) {
  const common = {
    id: field.id,
    name: field.id,
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(field, error),
  };
  const frame = (children: ReactNode, isGroup = false) => (
    <FieldFrame field={field} error={error} texts={texts} isGroup={isGroup}>
      {children}
    </FieldFrame>
  );
  const radios = (options: { value: string; label: string }[], current: string, pick: (value: string) => void) => (
    <div className="fw-choices">
      {options.map((option) => (
        <label key={option.value} className="fw-choice">
          <input
            type="radio"
            name={field.id}
            value={option.value}
            checked={current === option.value}
            onChange={() => pick(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );

  switch (field.type) {
    case 'heading':
      return <h2 className="fw-heading">{field.text || field.label}</h2>;
    case 'paragraph':
      return <p className="fw-paragraph">{field.text}</p>;
    case 'hidden':
      return null;
    case 'calculated':
      return frame(
        <output className="fw-output" id={field.id} aria-live="polite">
          {value === undefined
            ? `– (${texts.calculated})`
            : new Intl.NumberFormat(texts.intlLocale, {
                minimumFractionDigits: field.decimals,
                maximumFractionDigits: field.decimals,
              }).format(Number(value))}
        </output>,
      );
    case 'shortText':
    case 'email':
    case 'phone':
    case 'number':
    case 'date':
    case 'time':
      return frame(
        <input
          {...common}
          className="fw-input"
          type={inputTypes[field.type]}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          autoComplete={autoCompletes[field.type]}
          placeholder={'placeholder' in field ? field.placeholder : undefined}
          value={asString(value)}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        />,
      );
    case 'longText':
      return frame(
        <textarea
          {...common}
          className="fw-input fw-input--long"
          rows={5}
          placeholder={field.placeholder}
          value={asString(value)}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        />,
      );
    case 'dropdown':
      return frame(
        <select
          {...common}
          className="fw-input"
          value={asString(value)}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        >
          <option value="">{texts.choose}</option>
          {field.choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </select>,
      );
    case 'singleChoice':
      return frame(
        radios(
          field.choices.map((choice) => ({ value: choice.id, label: choice.label })),
          asString(value),
          onChange,
        ),
        true,
      );
    case 'multipleChoice': {
      const picked = Array.isArray(value) ? (value as string[]) : [];
      return frame(
        <div className="fw-choices">
          {field.choices.map((choice) => (
            <label key={choice.id} className="fw-choice">
              <input
                type="checkbox"
                name={field.id}
                value={choice.id}
                checked={picked.includes(choice.id)}
                onChange={(event) =>
                  onChange(event.target.checked ? [...picked, choice.id] : picked.filter((id) => id !== choice.id))
                }
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>,
        true,
      );
    }
    case 'yesNo':
      return frame(
        radios(
          [
            { value: 'true', label: texts.yes },
            { value: 'false', label: texts.no },
          ],
          value === undefined ? '' : String(value),
          (picked) => onChange(picked === 'true'),
        ),
        true,
      );
    case 'rating':
    case 'opinionScale': {
      const min = field.type === 'rating' ? 1 : field.min;
      const options = Array.from({ length: field.max - min + 1 }, (_, index) => min + index);
      return frame(
        <div className={`fw-scale fw-scale--${field.type}`}>
          {field.type === 'opinionScale' && field.minLabel ? (
            <span className="fw-scale__end">{field.minLabel}</span>
          ) : null}
          {options.map((option) => (
            <label key={option} className="fw-scale__option">
              <input
                type="radio"
                name={field.id}
                value={option}
                checked={value === option}
                onChange={() => onChange(option)}
                aria-label={fill(texts.ratingOf, { value: option, max: field.max })}
              />
              <span aria-hidden="true">{field.type === 'rating' ? '★' : option}</span>
            </label>
          ))}
          {field.type === 'opinionScale' && field.maxLabel ? (
            <span className="fw-scale__end">{field.maxLabel}</span>
          ) : null}
        </div>,
        true,
      );
    }
    case 'consent':
      return (
        <div className="fw-field">
          <label className="fw-choice fw-choice--consent">
            <input
              {...common}
              type="checkbox"
              checked={value === true}
              onChange={(event) => onChange(event.target.checked ? true : undefined)}
            />
            <span>
              {field.text}
              {field.required ? <span className="fw-field__required">{' *'}</span> : null}
            </span>
          </label>
          {error ? (
            <p className="fw-field__error" id={`${field.id}-error`}>
              {error}
            </p>
          ) : null}
        </div>
      );
    case 'fileUpload':
      return frame(
        <FileField
          isPreview={isPreview}
          field={field}
          value={Array.isArray(value) ? (value as FileAnswer[]) : []}
          texts={texts}
          describedBy={describedBy(field, error)}
          uploadFile={uploadFile}
          onChange={onChange}
          onBusyChange={onBusyChange}
        />,
      );
    case 'signature':
      return frame(
        <SignatureField
          field={field}
          value={Array.isArray(value) ? (value as FileAnswer[]) : []}
          texts={texts}
          describedBy={describedBy(field, error)}
          uploadFile={uploadFile}
          onChange={onChange}
          onBusyChange={onBusyChange}
        />,
      );
  }
}
