import type { FormDefinition } from '@formwerk/contracts';
import { takesAnswer } from '@formwerk/contracts/form-answers';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type PlaceholderPickerProps = {
  definition: FormDefinition;
  /** Extra placeholders besides the answers, e.g. `reference`, by their label. */
  extras?: readonly { name: string; label: string }[];
  onPick: (placeholder: string) => void;
};

/** "Insert answer": adds `{fieldId}` (or an extra such as `{reference}`) to the text being edited. */
export function PlaceholderPicker({ definition, extras = [], onPick }: PlaceholderPickerProps) {
  const { t } = useTranslation('forms');
  const id = useId();
  const fields = definition.pages.flatMap((page) => page.fields).filter(takesAnswer);
  return (
    <div className="settings-field settings-field--inline">
      <label htmlFor={id}>{t('formSettings.insertPlaceholder')}</label>
      <select
        id={id}
        value=""
        onChange={(event) => {
          if (event.target.value) onPick(`{${event.target.value}}`);
        }}
      >
        <option value="">{t('formSettings.choosePlaceholder')}</option>
        {fields.map((field) => (
          <option key={field.id} value={field.id}>
            {field.label || field.id}
          </option>
        ))}
        {extras.map((extra) => (
          <option key={extra.name} value={extra.name}>
            {extra.label}
          </option>
        ))}
      </select>
    </div>
  );
}
