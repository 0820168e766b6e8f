import { Button } from '@formwerk/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type CopyFieldProps = {
  label: string;
  /** The button's name; each copy button on the page says what it copies. */
  copyLabel: string;
  value: string;
  isMultiline?: boolean;
};

type Outcome = { kind: 'copied' | 'selected'; value: string };

/**
 * A read-only text with a copy button. Where the clipboard cannot be written (an insecure origin, a
 * browser that refuses), the text is selected instead so that Ctrl+C copies it.
 */
export function CopyField({ label, copyLabel, value, isMultiline = false }: CopyFieldProps) {
  const { t } = useTranslation('forms');
  const fieldId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const textAreaRef = useRef<HTMLTextAreaElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // A confirmation belongs to the text it was given for; a changed text starts without one.
  const currentOutcome = outcome?.value === value ? outcome.kind : null;

  useEffect(() => {
    if (!outcome) return;
    // Cleared after a while, so that copying again announces itself again.
    const timer = setTimeout(() => setOutcome(null), 4000);
    return () => clearTimeout(timer);
  }, [outcome]);

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setOutcome({ kind: 'copied', value });
    } catch {
      (isMultiline ? textAreaRef : inputRef).current?.select();
      setOutcome({ kind: 'selected', value });
    }
  };

  const selectAll = (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => event.currentTarget.select();

  return (
    <div className="form-share-copy">
      <label htmlFor={fieldId}>{label}</label>
      {isMultiline ? (
        <textarea id={fieldId} ref={textAreaRef} value={value} readOnly rows={3} onFocus={selectAll} />
      ) : (
        <input id={fieldId} ref={inputRef} value={value} readOnly onFocus={selectAll} />
      )}
      <div className="ui-toolbar">
        <Button variant="secondary" onClick={onCopy}>
          {copyLabel}
        </Button>
        <span role="status" className={currentOutcome === 'selected' ? 'ui-hint' : 'form-share-copied'}>
          {currentOutcome === 'copied'
            ? t('formShare.copied')
            : currentOutcome === 'selected'
              ? t('formShare.copyManually')
              : ''}
        </span>
      </div>
    </div>
  );
}
