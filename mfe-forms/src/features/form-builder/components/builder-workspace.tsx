import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { FieldType, FormDefinition } from '@formwerk/contracts';
import { compactMedia, useDisclosure } from '@formwerk/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormBuilderStore } from '../stores/form-builder-store';
import { createField, createPage } from '../utils/create-field';
import { findField, insertField, locateField, moveField } from '../utils/definition-edits';
import { BuilderPhoneBar } from './builder-phone-bar';
import { FieldPalette } from './field-palette';
import { FieldTypeIcon } from './field-type-icon';
import { Inspector } from './inspector';
import { PageSection } from './page-section';

type DragData =
  | { kind: 'palette'; type: FieldType }
  | { kind: 'field'; pageId: string }
  | { kind: 'page'; pageId: string };

/** Where a drop over `overId` lands: a page and the index in it. */
function dropTarget(definition: FormDefinition, overId: string, overData: DragData | undefined) {
  if (overData?.kind === 'page') {
    const page = definition.pages.find((candidate) => candidate.id === overData.pageId);
    return page ? { pageId: page.id, index: page.fields.length } : undefined;
  }
  const location = locateField(definition, overId);
  return location ? { pageId: location.page.id, index: location.index } : undefined;
}

// Pointer drags land where the pointer is (pages are tall targets); keyboard drags step between
// neighbouring fields, for which the closest centre is right.
const collisionDetection: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : closestCenter(args);
};

// The sensors' options, made once: options made anew on each render would make dnd-kit hand every
// sortable card a new context, drawing all of them again on each edit of a big form.
const pointerOptions = { activationConstraint: { distance: 6 } };
const keyboardOptions = { coordinateGetter: sortableKeyboardCoordinates };

/**
 * The palette, the pages with their fields and the inspector, joined by drag and drop. On a phone the
 * palette and the inspector are sheets, one open at a time, behind the buttons of the phone bar.
 */
export function BuilderWorkspace() {
  const { t } = useTranslation('forms');
  const definition = useFormBuilderStore((state) => state.definition);
  const edit = useFormBuilderStore((state) => state.edit);
  const select = useFormBuilderStore((state) => state.select);
  const [active, setActive] = useState<{ id: string; data: DragData } | null>(null);
  const [overPageId, setOverPageId] = useState<string | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, pointerOptions), useSensor(KeyboardSensor, keyboardOptions));
  const paletteButton = useRef<HTMLButtonElement>(null);
  const paletteSheet = useRef<HTMLElement>(null);
  const palette = useDisclosure({ trigger: paletteButton, panel: paletteSheet, media: compactMedia });
  const inspectorButton = useRef<HTMLButtonElement>(null);
  const inspectorSheet = useRef<HTMLElement>(null);
  // Its first setting takes focus, not the "Done" beside its title.
  const inspector = useDisclosure({
    trigger: inspectorButton,
    panel: inspectorSheet,
    initialFocus: 'input, textarea, select',
    media: compactMedia,
  });
  if (!definition) return null;

  const labelOf = (id: string | number) => {
    const paletteType = String(id).startsWith('palette:') ? String(id).slice('palette:'.length) : null;
    return paletteType ? t(`builder.types.${paletteType}`) : findField(definition, String(id))?.label || '';
  };
  const positionOf = (id: string | number) => {
    const location = locateField(definition, String(id));
    return location
      ? { position: location.index + 1, page: definition.pages.indexOf(location.page) + 1 }
      : { position: 1, page: definition.pages.findIndex((page) => `page:${page.id}` === String(id)) + 1 };
  };
  const announcements: Announcements = {
    onDragStart: ({ active: dragged }) => t('builder.dnd.start', { label: labelOf(dragged.id) }),
    onDragOver: ({ active: dragged, over }) =>
      over
        ? t('builder.dnd.over', { label: labelOf(dragged.id), ...positionOf(over.id) })
        : t('builder.dnd.outside', { label: labelOf(dragged.id) }),
    onDragEnd: ({ active: dragged }) => t('builder.dnd.end', { label: labelOf(dragged.id) }),
    onDragCancel: ({ active: dragged }) => t('builder.dnd.cancel', { label: labelOf(dragged.id) }),
  };

  const newField = (type: FieldType) =>
    createField(type, {
      label: t('builder.newField.label', { type: t(`builder.types.${type}`) }),
      choice: (position) => t('builder.newField.choice', { position }),
      consentText: t('builder.newField.consentText'),
      paragraphText: t('builder.newField.paragraphText'),
    });

  /** A press on the palette adds after the selected field, or at the end of the selected or last page. */
  const onAdd = (type: FieldType) => {
    const field = newField(type);
    // Read when adding, not subscribed to: a new selection must not draw the whole canvas again.
    const { selection } = useFormBuilderStore.getState();
    edit((draft) => {
      const location = selection.kind === 'field' ? locateField(draft, selection.id) : undefined;
      const page =
        location?.page ??
        draft.pages.find((candidate) => selection.kind === 'page' && candidate.id === selection.id) ??
        draft.pages.at(-1);
      if (page) insertField(draft, page.id, location ? location.index + 1 : page.fields.length, field);
    });
    select({ kind: 'field', id: field.id });
    // The new field's label is what the author writes next: beside the pages on a desktop, in the
    // settings sheet (which opens with it focused) on a phone.
    palette.close();
    if (window.matchMedia(compactMedia).matches) inspector.open();
    else requestAnimationFrame(() => document.getElementById('inspector-label')?.focus());
  };

  const onDragStart = ({ active: dragged }: DragStartEvent) =>
    setActive({ id: String(dragged.id), data: dragged.data.current as DragData });

  const onDragOver = ({ over }: DragOverEvent) => {
    const target = over
      ? dropTarget(definition, String(over.id), over.data.current as DragData | undefined)
      : undefined;
    setOverPageId(target?.pageId ?? null);
  };

  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    setActive(null);
    setOverPageId(null);
    if (!over) return;
    const data = dragged.data.current as DragData;
    const target = dropTarget(definition, String(over.id), over.data.current as DragData | undefined);
    if (!target) return;
    if (data.kind === 'palette') {
      const field = newField(data.type);
      edit((draft) => insertField(draft, target.pageId, target.index, field));
      select({ kind: 'field', id: field.id });
    } else if (data.kind === 'field' && dragged.id !== over.id) {
      edit((draft) => moveField(draft, String(dragged.id), target.pageId, target.index));
    }
  };

  const activeField = active?.data.kind === 'field' ? findField(definition, active.id) : undefined;
  const activeType = active?.data.kind === 'palette' ? active.data.type : activeField?.type;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('builder.dnd.instructions') } }}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setActive(null);
        setOverPageId(null);
      }}
    >
      <div className="builder-workspace">
        <FieldPalette onAdd={onAdd} isOpen={palette.isOpen} sheet={paletteSheet} />
        <section className="builder-canvas" aria-label={t('builder.canvas.label')}>
          {definition.pages.map((page, index) => (
            <PageSection
              key={page.id}
              page={page}
              number={index + 1}
              pageCount={definition.pages.length}
              isFirstPage={index === 0}
              isLastPage={index === definition.pages.length - 1}
              isDropTarget={overPageId === page.id}
            />
          ))}
          <button
            type="button"
            className="ui-button ui-button--secondary builder-canvas__add-page"
            onClick={() => {
              const page = createPage();
              edit((draft) => {
                draft.pages.push(page);
              });
              select({ kind: 'page', id: page.id });
            }}
          >
            {t('builder.canvas.addPage')}
          </button>
        </section>
        <Inspector
          isOpen={inspector.isOpen}
          sheet={inspectorSheet}
          onDone={() => {
            inspector.close();
            inspectorButton.current?.focus();
          }}
        />
        <BuilderPhoneBar
          inspector={{
            isOpen: inspector.isOpen,
            button: inspectorButton,
            onToggle: () => {
              palette.close();
              inspector.toggle();
            },
          }}
          palette={{
            isOpen: palette.isOpen,
            button: paletteButton,
            onToggle: () => {
              inspector.close();
              palette.toggle();
            },
          }}
        />
      </div>
      <DragOverlay dropAnimation={null}>
        {active && activeType ? (
          <div className="builder-drag-preview">
            <FieldTypeIcon type={activeType} />
            {activeField?.label ?? t(`builder.types.${activeType}`)}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
