import type { FormDefinition, FormField } from '@formwerk/contracts';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ConditionEditor } from '../../../components/condition-editor';
import { useFormBuilderStore } from '../stores/form-builder-store';
import { fieldsBefore, findField, updateField, updatePage } from '../utils/definition-edits';
import { FieldSettings, RequiredSetting } from './field-settings';
import { FieldTypeIcon } from './field-type-icon';
import { TextSetting } from './setting-inputs';

function FormInspector({ definition }: { definition: FormDefinition }) {
  const { t } = useTranslation('forms');
  const edit = useFormBuilderStore((state) => state.edit);
  return (
    <>
      <h3>{t('builder.inspector.form')}</h3>
      <TextSetting
        label={t('builder.inspector.description')}
        value={definition.description}
        isMultiline
        maxLength={5000}
        onChange={(description) =>
          edit((draft) => {
            draft.description = description ?? '';
          }, 'form:description')
        }
      />
      <div className="ui-field">
        <label htmlFor="inspector-language">{t('builder.inspector.language')}</label>
        <select
          id="inspector-language"
          value={definition.language}
          onChange={(event) =>
            edit((draft) => {
              draft.language = event.target.value as FormDefinition['language'];
            })
          }
        >
          <option value="de">{t('builder.inspector.languages.de')}</option>
          <option value="en">{t('builder.inspector.languages.en')}</option>
        </select>
      </div>
    </>
  );
}

function PageInspector({ definition, pageId }: { definition: FormDefinition; pageId: string }) {
  const { t } = useTranslation('forms');
  const edit = useFormBuilderStore((state) => state.edit);
  const index = definition.pages.findIndex((page) => page.id === pageId);
  const page = definition.pages[index];
  if (!page) return null;
  return (
    <>
      <h3>{t('builder.canvas.page', { number: index + 1 })}</h3>
      <TextSetting
        id="inspector-page-title"
        label={t('builder.inspector.pageTitle')}
        value={page.title}
        maxLength={300}
        onChange={(title) => edit((draft) => updatePage(draft, pageId, { title }), `${pageId}:title`)}
      />
      {index > 0 ? (
        <ConditionEditor
          title={t('builder.condition.pageTitle')}
          condition={page.skipWhen}
          fields={fieldsBefore(definition, pageId)}
          onChange={(skipWhen) => edit((draft) => updatePage(draft, pageId, { skipWhen }))}
        />
      ) : null}
    </>
  );
}

function FieldInspector({ definition, field }: { definition: FormDefinition; field: FormField }) {
  const { t } = useTranslation('forms');
  const edit = useFormBuilderStore((state) => state.edit);
  const earlierFields = fieldsBefore(definition, field.id);
  const onChange = (change: Partial<FormField>, coalesceKey?: string) =>
    edit((draft) => updateField(draft, field.id, change), coalesceKey);
  const hasLabelOnly = field.type === 'heading';
  return (
    <>
      <h3 className="ui-panel__type">
        <FieldTypeIcon type={field.type} />
        {t(`builder.types.${field.type}`)}
      </h3>
      <TextSetting
        id="inspector-label"
        label={t('builder.inspector.label')}
        value={field.label}
        isMultiline={!hasLabelOnly}
        maxLength={500}
        onChange={(label) => onChange({ label: label ?? '' }, `${field.id}:label`)}
      />
      {field.type === 'heading' || field.type === 'paragraph' ? null : (
        <TextSetting
          label={t('builder.inspector.help')}
          value={field.help}
          maxLength={1000}
          onChange={(help) => onChange({ help }, `${field.id}:help`)}
        />
      )}
      <RequiredSetting field={field} onChange={onChange} />
      <FieldSettings field={field} earlierFields={earlierFields} onChange={onChange} />
      <ConditionEditor
        title={t('builder.condition.fieldTitle')}
        condition={field.visibleWhen}
        fields={earlierFields}
        onChange={(visibleWhen) => onChange({ visibleWhen })}
      />
      <p className="ui-hint builder-inspector__id">{t('builder.inspector.fieldId', { id: field.id })}</p>
    </>
  );
}

/** The inspector's element, which the phone bar's button opens. */
export const inspectorSheetId = 'builder-inspector';

/**
 * The settings of what is selected: the form, a page or a field. Beside the pages on a desktop; on a
 * phone a sheet at the bottom of the screen that the phone bar opens and "Fertig" / "Done" closes.
 */
export function Inspector({
  isOpen,
  sheet,
  onDone,
}: {
  isOpen: boolean;
  sheet: RefObject<HTMLElement | null>;
  onDone: () => void;
}) {
  const { t } = useTranslation('forms');
  const definition = useFormBuilderStore((state) => state.definition);
  const selection = useFormBuilderStore((state) => state.selection);
  if (!definition) return null;
  const field = selection.kind === 'field' ? findField(definition, selection.id) : undefined;
  return (
    <aside
      ref={sheet}
      id={inspectorSheetId}
      className="ui-panel ui-panel--sheet builder-inspector"
      aria-labelledby="builder-inspector-title"
      data-open={isOpen || undefined}
    >
      <div className="ui-panel__header">
        <h2 id="builder-inspector-title">{t('builder.inspector.title')}</h2>
        <button type="button" className="ui-button ui-button--secondary ui-panel__done" onClick={onDone}>
          {t('builder.inspector.done')}
        </button>
      </div>
      {selection.kind === 'form' ? <FormInspector definition={definition} /> : null}
      {selection.kind === 'page' ? <PageInspector definition={definition} pageId={selection.id} /> : null}
      {field ? <FieldInspector key={field.id} definition={definition} field={field} /> : null}
      {selection.kind === 'field' && !field ? <p className="ui-hint">{t('builder.inspector.noSelection')}</p> : null}
    </aside>
  );
}
