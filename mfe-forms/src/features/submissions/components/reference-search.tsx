import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type ReferenceSearchProps = { value: string; onChange: (value: string) => void };

const debounceMs = 300;

/** Finds submissions by their reference number, whole or in part; sent once typing pauses. */
export function ReferenceSearch({ value, onChange }: ReferenceSearchProps) {
  const { t } = useTranslation('forms');
  const id = useId();
  const [text, setText] = useState(value);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (text.trim() !== value) onChange(text.trim());
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);

  return (
    <div className="submissions-reference-search">
      <label htmlFor={id}>{t('submissions.table.referenceSearch')}</label>
      <input
        id={id}
        type="search"
        className="submissions-filter"
        placeholder={t('submissions.table.referencePlaceholder')}
        maxLength={40}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
