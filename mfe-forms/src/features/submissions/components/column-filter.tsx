import type { FormField } from '@formwerk/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type ColumnFilterProps = {
  field: FormField;
  label: string;
  value: string;
  onChange: (value: string) => void;
};

const debounceMs = 300;

/**
 * The filter under a column's header. Text is sent once typing pauses, so the table is not
 * reloaded for every letter; a choice column offers its options, matched by their id.
 */
export function ColumnFilter({ field, label, value, onChange }: ColumnFilterProps) {
  const { t } = useTranslation('forms');
  const [text, setText] = useState(value);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (text.trim() !== value) onChange(text.trim());
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);

  const accessibleLabel = t('submissions.table.filterColumn', { column: label });
  if ('choices' in field) {
    return (
      <select
        className="submissions-filter"
        aria-label={accessibleLabel}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('submissions.table.anyAnswer')}</option>
        {field.choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      className="submissions-filter"
      type="search"
      aria-label={accessibleLabel}
      placeholder={t('submissions.table.filterPlaceholder')}
      maxLength={200}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
