import { useDraggable } from '@dnd-kit/core';
import type { TemplateField, TemplateRole } from '@formwerk/contracts';
import { type KeyboardEvent, memo, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleLook } from '../utils/role-look';
import { type Box, largeMoveStep, moveStep, resizeBox } from '../utils/template-geometry';
import { FieldFace, roleStyle } from './field-face';

/** What a drag of a placed field carries (template-editor.tsx places it where it is dropped). */
export type FieldDragData = { type: 'field'; fieldId: string };

/** The id of a placed field's element, for giving it focus back after an edit. */
export const placedFieldElementId = (fieldId: string) => `templates-field-${fieldId}`;

type PlacedFieldProps = {
  field: TemplateField;
  role: TemplateRole | undefined;
  look: RoleLook;
  pageCount: number;
  isSelected: boolean;
  hasProblem: boolean;
  onSelect: (fieldId: string) => void;
  onMoveBy: (fieldId: string, dx: number, dy: number) => void;
  onResize: (fieldId: string, box: Box) => void;
  onRemove: (fieldId: string) => void;
  /** Enter: the field's settings, beside the pages or in their sheet on a phone. */
  onEdit: (fieldId: string) => void;
};

type Resizing = { pointerId: number; startX: number; startY: number; pageWidth: number; pageHeight: number };

/**
 * A field on its page, placed by shares of the page so it sits in the same spot at any zoom. Dragged by
 * pointer, or picked up with Space and moved with the arrow keys (dnd-kit); without picking it up, the
 * arrow keys move it a little (with Shift, more), Delete removes it, Enter opens its settings. Selected,
 * it shows a handle at its lower right corner that resizes it; its settings resize it by keyboard.
 */
export const PlacedField = memo(function PlacedField({
  field,
  role,
  look,
  pageCount,
  isSelected,
  hasProblem,
  onSelect,
  onMoveBy,
  onResize,
  onRemove,
  onEdit,
}: PlacedFieldProps) {
  const { t } = useTranslation('documents');
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: field.id,
    data: { type: 'field', fieldId: field.id } satisfies FieldDragData,
  });
  const [resized, setResized] = useState<Box | null>(null);
  const resizing = useRef<Resizing | null>(null);
  const box = resized ?? field;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // While dnd-kit carries the field, the keys are its own.
    if (isDragging || event.altKey || event.ctrlKey || event.metaKey) return listeners?.onKeyDown?.(event);
    const step = event.shiftKey ? largeMoveStep : moveStep;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      onMoveBy(field.id, move[0], move[1]);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onRemove(field.id);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onEdit(field.id);
    } else {
      listeners?.onKeyDown?.(event);
    }
  };

  const onResizeStart = (event: PointerEvent<HTMLSpanElement>) => {
    // The handle's own gesture: the field under it must not start a move.
    event.stopPropagation();
    event.preventDefault();
    const page = event.currentTarget.closest('[data-page-index]')?.getBoundingClientRect();
    if (!page || page.width === 0 || page.height === 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    resizing.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      pageWidth: page.width,
      pageHeight: page.height,
    };
  };
  const onResizeMove = (event: PointerEvent<HTMLSpanElement>) => {
    const start = resizing.current;
    if (!start || start.pointerId !== event.pointerId) return;
    setResized(
      resizeBox(
        field,
        field.width + (event.clientX - start.startX) / start.pageWidth,
        field.height + (event.clientY - start.startY) / start.pageHeight,
      ),
    );
  };
  const onResizeEnd = (event: PointerEvent<HTMLSpanElement>) => {
    if (resizing.current?.pointerId !== event.pointerId) return;
    resizing.current = null;
    if (resized) onResize(field.id, resized);
    setResized(null);
  };

  const kind = t(`templates.kinds.${field.kind}`);
  const name = t('templates.fields.name', {
    kind: field.label ? `${kind} ${t('templates.quoted', { text: field.label })}` : kind,
    role: role?.name ?? '',
    marker: look.marker,
    page: field.page + 1,
    pageCount,
  });
  const state = [
    field.required ? t('templates.fields.required') : null,
    hasProblem ? t('templates.fields.problem') : null,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <button
      ref={setNodeRef}
      type="button"
      id={placedFieldElementId(field.id)}
      {...attributes}
      {...listeners}
      aria-roledescription={t('templates.fields.roleDescription')}
      aria-label={state ? `${name}, ${state}` : name}
      aria-current={isSelected ? 'true' : undefined}
      className={[
        'templates-field',
        isSelected ? 'templates-field--selected' : '',
        isDragging ? 'templates-field--dragging' : '',
        hasProblem ? 'templates-field--problem' : '',
      ]
        .filter(Boolean)
        .join(' ')}
      style={{
        ...roleStyle(look),
        left: `${box.x * 100}%`,
        top: `${box.y * 100}%`,
        width: `${box.width * 100}%`,
        height: `${box.height * 100}%`,
      }}
      onFocus={() => onSelect(field.id)}
      onClick={(event) => {
        // A press on a field selects it; it is no press on the page beneath (which would deselect or place).
        event.stopPropagation();
        onSelect(field.id);
      }}
      onKeyDown={onKeyDown}
    >
      <FieldFace field={field} look={look} />
      {isSelected ? (
        <span
          className="templates-field__resize"
          aria-hidden="true"
          onPointerDown={onResizeStart}
          onPointerMove={onResizeMove}
          onPointerUp={onResizeEnd}
          onPointerCancel={onResizeEnd}
        />
      ) : null}
    </button>
  );
});
