import { useDraggable } from '@dnd-kit/core';
import type { FieldType } from '@formwerk/contracts';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldTypeIcon } from './field-type-icon';

export const paletteGroups: { key: string; types: FieldType[] }[] = [
  { key: 'text', types: ['shortText', 'longText', 'email', 'phone', 'number', 'date', 'time'] },
  { key: 'choice', types: ['singleChoice', 'multipleChoice', 'dropdown', 'yesNo', 'consent'] },
  { key: 'rating', types: ['rating', 'opinionScale'] },
  { key: 'special', types: ['fileUpload', 'signature', 'hidden', 'calculated'] },
  { key: 'layout', types: ['heading', 'paragraph'] },
];

export const paletteId = (type: FieldType) => `palette:${type}`;

/** The palette's element, which the phone bar's button opens. */
export const paletteSheetId = 'builder-palette';

type PaletteItemProps = { type: FieldType; onAdd: (type: FieldType) => void };

function PaletteItem({ type, onAdd }: PaletteItemProps) {
  const { t } = useTranslation('forms');
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: paletteId(type),
    data: { kind: 'palette', type },
  });
  // Dragging is for the pointer; from the keyboard, Enter or Space adds the field where the author is.
  const { onKeyDown: _keyboardDrag, ...pointerListeners } = listeners ?? {};
  return (
    <li>
      <button
        ref={setNodeRef}
        type="button"
        className={`ui-palette-item builder-palette__item${isDragging ? ' builder-palette__item--dragging' : ''}`}
        {...attributes}
        {...pointerListeners}
        aria-roledescription={undefined}
        aria-describedby={undefined}
        aria-label={t('builder.palette.add', { type: t(`builder.types.${type}`) })}
        onClick={() => onAdd(type)}
      >
        <FieldTypeIcon type={type} />
        {t(`builder.types.${type}`)}
      </button>
    </li>
  );
}

/**
 * The field types, grouped; each can be dragged onto a page or added with a press. On a phone the
 * palette is a sheet at the bottom of the screen, opened from the builder's phone bar (its disclosure
 * lives in the workspace, which also closes it once a field is added), so that the form itself keeps
 * the screen.
 */
export function FieldPalette({
  onAdd,
  isOpen,
  sheet,
}: {
  onAdd: (type: FieldType) => void;
  isOpen: boolean;
  sheet: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('forms');
  return (
    <aside
      ref={sheet}
      id={paletteSheetId}
      className="ui-panel ui-panel--sheet builder-palette"
      aria-labelledby="builder-palette-title"
      data-open={isOpen || undefined}
    >
      <h2 id="builder-palette-title">{t('builder.palette.title')}</h2>
      <p className="ui-hint">{t('builder.palette.hint')}</p>
      {paletteGroups.map((group) => (
        <section key={group.key} aria-labelledby={`builder-group-${group.key}`}>
          <h3 id={`builder-group-${group.key}`}>{t(`builder.groups.${group.key}`)}</h3>
          <ul>
            {group.types.map((type) => (
              <PaletteItem key={type} type={type} onAdd={onAdd} />
            ))}
          </ul>
        </section>
      ))}
    </aside>
  );
}
