import { Button } from '@formwerk/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type RecordFieldProps = {
  label: string;
  copyLabel: string;
  value: string;
};

/**
 * One part of the DNS record, read-only, with a copy button. Where the clipboard cannot be written
 * (an insecure origin, a browser that refuses), the text is selected instead so that Ctrl+C copies it.
 */
export function RecordField({ label, copyLabel, value }: RecordFieldProps) {
  const { t } = useTranslation('forms');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<'copied' | 'selected' | null>(null);

  useEffect(() => {
    if (!outcome) return;
    // Cleared after a while, so that copying again announces itself again.
    const timer = setTimeout(() => setOutcome(null), 4000);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setOutcome('copied');
    } catch {
      input.current?.select();
      setOutcome('selected');
    }
  };

  return (
    <div className="settings-field domain-record__field">
      <label htmlFor={id}>{label}</label>
      <div className="domain-record__value">
        <input id={id} ref={input} type="text" value={value} readOnly onFocus={(event) => event.target.select()} />
        <Button variant="secondary" onClick={copy}>
          {copyLabel}
        </Button>
      </div>
      <span role="status" className="ui-hint">
        {outcome ? t(`formSettings.domain.${outcome === 'copied' ? 'copied' : 'copyManually'}`) : ''}
      </span>
    </div>
  );
}
