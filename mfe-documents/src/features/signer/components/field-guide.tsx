import type { SigningFieldValue } from '@formwerk/contracts';
import { Button, Icon } from '@formwerk/ui';
import { ChevronLeft, ChevronRight, PenLine } from 'lucide-react';
import { type ReactNode, type RefObject, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignerField } from '../utils/field-values';

// A text field's value at most (signingFieldValueSchema).
const textMaxLength = 1000;

type FieldGuideProps = {
  field: SignerField;
  value: SigningFieldValue | undefined;
  /** Where this field is in the reading order, from 1, and how many there are. */
  position: number;
  count: number;
  inputRef: RefObject<HTMLElement | null>;
  onChange: (value: SigningFieldValue | undefined) => void;
  onOpenMark: () => void;
  onPrevious: () => void;
  onNext: () => void;
};

/**
 * The field being filled, in a panel below the pages: large enough to type in on a phone, whatever the
 * box's size on the page, with the way to the next field beside it.
 */
export function FieldGuide({
  field,
  value,
  position,
  count,
  inputRef,
  onChange,
  onOpenMark,
  onPrevious,
  onNext,
}: FieldGuideProps) {
  const { t } = useTranslation('documents');
  const id = useId();
  const name = field.label ?? t(`signer.fields.kinds.${field.kind}`);
  const hint = t('signer.guide.where', { position, total: count, page: field.page + 1 });
  const text = typeof value === 'string' ? value : '';
  const setRef = (element: HTMLElement | null) => {
    inputRef.current = element;
  };

  let control: ReactNode;
  if (field.kind === 'signature' || field.kind === 'initials') {
    const mark = typeof value === 'object' ? value : null;
    control = (
      <div className="signer-guide__mark">
        <span id={`${id}-label`} className="signer-guide__label">
          {name}
          {field.required ? <span aria-hidden="true"> *</span> : null}
        </span>
        {mark ? (
          <img
            className="signer-guide__mark-image"
            src={`data:image/png;base64,${mark.png}`}
            alt={t(`signer.guide.${field.kind}Given`)}
          />
        ) : null}
        {/* A plain button: the ui Button passes no ref, and focus comes here from "Next". */}
        <button
          ref={setRef}
          type="button"
          className={`ui-button ui-button--${mark ? 'secondary' : 'primary'}`}
          aria-describedby={`${id}-hint`}
          onClick={onOpenMark}
        >
          <Icon icon={PenLine} />
          {t(`signer.guide.${mark ? 'change' : 'add'}.${field.kind}`)}
        </button>
      </div>
    );
  } else if (field.kind === 'checkbox') {
    control = (
      <label className="signer-guide__check">
        <input
          ref={setRef}
          type="checkbox"
          checked={value === true}
          required={field.required}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.checked)}
        />
        {name}
        {field.required ? <span aria-hidden="true"> *</span> : null}
      </label>
    );
  } else {
    control = (
      <div className="ui-field signer-guide__field">
        <label htmlFor={id}>
          {name}
          {field.required ? <span aria-hidden="true"> *</span> : null}
        </label>
        <input
          ref={setRef}
          id={id}
          type={field.kind === 'date' ? 'date' : field.kind === 'email' ? 'email' : 'text'}
          value={text}
          required={field.required}
          maxLength={textMaxLength}
          autoComplete={field.kind === 'name' ? 'name' : field.kind === 'email' ? 'email' : 'off'}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onNext();
            }
          }}
        />
      </div>
    );
  }

  return (
    <div className="signer-guide__current">
      {control}
      <p id={`${id}-hint`} className="ui-hint signer-guide__hint">
        {hint}
        {field.required ? ` · ${t('signer.guide.required')}` : ''}
      </p>
      <div className="signer-guide__steps">
        <Button
          variant="secondary"
          className="ui-button--small"
          title={t('signer.guide.previous')}
          onClick={onPrevious}
          disabled={count < 2}
        >
          <Icon icon={ChevronLeft} />
          <span className="ui-phone-hidden">{t('signer.guide.previous')}</span>
        </Button>
        <Button variant="secondary" className="ui-button--small" onClick={onNext}>
          {t('signer.guide.next')}
          <Icon icon={ChevronRight} />
        </Button>
      </div>
    </div>
  );
}
