import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { FormField } from '@formwerk/contracts';
import { Icon } from '@formwerk/ui';
import { ArrowDown, ArrowUp, Copy, Trash2 } from 'lucide-react';
import { memo, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormBuilderStore } from '../stores/form-builder-store';
import { duplicateField, removeField, stepField } from '../utils/definition-edits';
import { FieldTypeIcon } from './field-type-icon';

type FieldCardProps = { field: FormField; pageId: string; isFirst: boolean; isLast: boolean };

/** What a field's settings amount to, in one line under its label. */
function summaryOf(field: FormField): string {
  if ('choices' in field) return field.choices.map((choice) => choice.label).join(' · ');
  if (field.type === 'paragraph' || field.type === 'consent') return field.text;
  if (field.type === 'hidden') return `?${field.queryParam}=`;
  if (field.type === 'calculated') return field.expression;
  if (field.type === 'rating') return '★'.repeat(field.max);
  if (field.type === 'opinionScale') return `${field.min} – ${field.max}`;
  return field.help ?? '';
}

/**
 * One field on the canvas: a handle to drag (or move by keyboard), the field to select, its actions.
 * Memoized: an edit elsewhere in the form leaves this field's object as it was (the store's edits go
 * through Immer), and it selects from the store only what concerns it, so big forms draw only the
 * cards that changed.
 */
export const FieldCard = memo(function FieldCard({ field, pageId, isFirst, isLast }: FieldCardProps) {
  const { t } = useTranslation('forms');
  const isSelected = useFormBuilderStore(
    (state) => state.selection.kind === 'field' && state.selection.id === field.id,
  );
  const hasProblem = useFormBuilderStore((state) => state.problemElementIds.has(field.id));
  const { edit, select } = useFormBuilderStore.getState();
  const { node, setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } =
    useSortable({ id: field.id, data: { kind: 'field', pageId } });
  const summary = summaryOf(field);
  const label = field.label || t('builder.canvas.noLabel');

  // A field selected from elsewhere (the problem list, a new or copied field) comes into view.
  useEffect(() => {
    if (isSelected) node.current?.scrollIntoView({ block: 'nearest' });
  }, [isSelected, node]);

  const onDuplicate = () => {
    let copyId: string | undefined;
    edit((draft) => {
      copyId = duplicateField(draft, field.id)?.id;
    });
    if (copyId) select({ kind: 'field', id: copyId });
  };

  const onDelete = () => {
    edit((draft) => removeField(draft, field.id));
    select({ kind: 'page', id: pageId });
  };

  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={[
        'builder-field',
        isSelected && 'builder-field--selected',
        isDragging && 'builder-field--dragging',
        hasProblem && 'builder-field--problem',
      ]
        .filter(Boolean)
        .join(' ')}
      data-field-id={field.id}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="builder-field__handle"
        {...attributes}
        {...listeners}
        aria-label={t('builder.field.drag', { label })}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <button
        type="button"
        className="builder-field__body"
        aria-pressed={isSelected}
        onClick={() => select({ kind: 'field', id: field.id })}
      >
        {/* Named by what it shows, after the verb (WCAG 2.5.3 Label in Name): "Edit: Short text Your name". */}
        <span className="ui-visually-hidden">{t('builder.field.select')}</span>{' '}
        <span className="builder-field__type">
          <FieldTypeIcon type={field.type} />
          {t(`builder.types.${field.type}`)}
          {field.visibleWhen ? <span className="ui-badge">{t('builder.canvas.conditional')}</span> : null}
        </span>{' '}
        <span className="builder-field__label">
          {label}
          {field.required ? (
            <abbr className="builder-field__required" title={t('builder.canvas.required')}>
              *
            </abbr>
          ) : null}
        </span>
        {summary ? <span className="builder-field__summary">{summary}</span> : null}
      </button>
      {isSelected ? (
        <div className="builder-field__actions">
          <button
            type="button"
            className="ui-button ui-button--ghost ui-button--small"
            disabled={isFirst}
            onClick={() => edit((draft) => stepField(draft, field.id, -1))}
          >
            <Icon icon={ArrowUp} /> {t('builder.field.moveUp')}
          </button>
          <button
            type="button"
            className="ui-button ui-button--ghost ui-button--small"
            disabled={isLast}
            onClick={() => edit((draft) => stepField(draft, field.id, 1))}
          >
            <Icon icon={ArrowDown} /> {t('builder.field.moveDown')}
          </button>
          <button type="button" className="ui-button ui-button--ghost ui-button--small" onClick={onDuplicate}>
            <Icon icon={Copy} /> {t('builder.field.duplicate')}
          </button>
          <button
            type="button"
            className="ui-button ui-button--ghost ui-button--small ui-button--danger"
            onClick={onDelete}
          >
            <Icon icon={Trash2} /> {t('builder.field.delete')}
          </button>
        </div>
      ) : null}
    </div>
  );
});
