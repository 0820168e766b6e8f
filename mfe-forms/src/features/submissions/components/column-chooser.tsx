import { useTranslation } from 'react-i18next';

type ColumnChoice = { id: string; label: string; isVisible: boolean; onToggle: () => void };

/** Shows or hides the field columns; a disclosure, so it opens with Enter or Space and needs no script to. */
export function ColumnChooser({ columns }: { columns: ColumnChoice[] }) {
  const { t } = useTranslation('forms');
  return (
    <details className="submissions-columns">
      <summary className="ui-button ui-button--secondary">{t('submissions.table.columns')}</summary>
      <fieldset className="submissions-columns__menu">
        <legend>{t('submissions.table.columnsLegend')}</legend>
        {columns.map((column) => (
          <label key={column.id} className="ui-field ui-field--inline">
            <input type="checkbox" checked={column.isVisible} onChange={column.onToggle} /> {column.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
