import type { DefinitionChange, FormDefinition } from '@formwerk/contracts';
import { Button } from '@formwerk/ui';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

// The settings a change names in words; any other is "weitere Einstellungen".
const namedProperties = new Set([
  'label',
  'type',
  'required',
  'help',
  'placeholder',
  'choices',
  'text',
  'min',
  'max',
  'visibleWhen',
  'title',
  'skipWhen',
]);

function propertiesText(t: TFunction<'forms'>, properties: readonly string[]): string {
  const names = properties.filter((property) => namedProperties.has(property));
  const hasOther = names.length < properties.length;
  return [...names, ...(hasOther ? ['other'] : [])].map((name) => t(`assistant.properties.${name}`)).join(', ');
}

/** One change in the author's words, with the names the proposal gives (the form's, for what it removes). */
export function describeChange(
  t: TFunction<'forms'>,
  change: DefinitionChange,
  current: FormDefinition,
  proposed: FormDefinition,
): string {
  const fieldOf = (definition: FormDefinition, fieldId: string) =>
    definition.pages.flatMap((page) => page.fields).find((field) => field.id === fieldId);
  const labelOf = (definition: FormDefinition, fieldId: string) =>
    fieldOf(definition, fieldId)?.label.trim() || t('assistant.change.untitled');
  const pageNumber = (definition: FormDefinition, pageId: string) =>
    definition.pages.findIndex((page) => page.id === pageId) + 1;
  switch (change.kind) {
    case 'formChanged':
      if (change.property === 'title') return t('assistant.change.formTitle', { value: proposed.title });
      if (change.property === 'language')
        return t('assistant.change.formLanguage', { value: t(`builder.inspector.languages.${proposed.language}`) });
      return t('assistant.change.formDescription');
    case 'pageAdded': {
      const title = proposed.pages.find((page) => page.id === change.pageId)?.title;
      const number = pageNumber(proposed, change.pageId);
      return title
        ? t('assistant.change.pageAddedTitled', { number, title })
        : t('assistant.change.pageAdded', { number });
    }
    case 'pageRemoved':
      return t('assistant.change.pageRemoved', { number: pageNumber(current, change.pageId) });
    case 'pageChanged':
      return t('assistant.change.pageChanged', {
        number: pageNumber(proposed, change.pageId),
        properties: propertiesText(t, change.properties),
      });
    case 'pageMoved':
      return t('assistant.change.pageMoved', { number: pageNumber(current, change.pageId) });
    case 'fieldAdded': {
      const field = fieldOf(proposed, change.fieldId);
      return t('assistant.change.fieldAdded', {
        label: labelOf(proposed, change.fieldId),
        type: field ? t(`builder.types.${field.type}`) : '',
      });
    }
    case 'fieldRemoved':
      return t('assistant.change.fieldRemoved', { label: labelOf(current, change.fieldId) });
    case 'fieldChanged': {
      const label = labelOf(proposed, change.fieldId);
      if (change.properties.length === 1 && change.properties[0] === 'required') {
        const isRequired = fieldOf(proposed, change.fieldId)?.required;
        return t(isRequired ? 'assistant.change.fieldRequired' : 'assistant.change.fieldOptional', { label });
      }
      return t('assistant.change.fieldChanged', { label, properties: propertiesText(t, change.properties) });
    }
    case 'fieldMoved': {
      const label = labelOf(proposed, change.fieldId);
      return change.fromPageId === change.toPageId
        ? t('assistant.change.fieldMoved', { label })
        : t('assistant.change.fieldMovedToPage', { label, number: pageNumber(proposed, change.toPageId) });
    }
  }
}

type ChangeListProps = {
  changes: readonly DefinitionChange[];
  current: FormDefinition;
  proposed: FormDefinition;
  excluded: ReadonlySet<string>;
  onToggle: (changeId: string) => void;
  onExclude: (changeIds: readonly string[]) => void;
};

/** The proposal's changes as a checklist: each can be left out of "Auswahl übernehmen". */
export function ChangeList({ changes, current, proposed, excluded, onToggle, onExclude }: ChangeListProps) {
  const { t } = useTranslation('forms');
  return (
    <fieldset className="ui-fieldset assistant-changes">
      <legend>{t('assistant.proposal.changes', { count: changes.length })}</legend>
      <div className="ui-toolbar">
        <Button variant="ghost" onClick={() => onExclude([])}>
          {t('assistant.proposal.selectAll')}
        </Button>
        <Button variant="ghost" onClick={() => onExclude(changes.map((change) => change.id))}>
          {t('assistant.proposal.selectNone')}
        </Button>
      </div>
      <ul className="assistant-changes__list">
        {changes.map((change) => (
          <li key={change.id}>
            <label className="ui-field ui-field--inline assistant-changes__item">
              <input type="checkbox" checked={!excluded.has(change.id)} onChange={() => onToggle(change.id)} />
              {describeChange(t, change, current, proposed)}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
