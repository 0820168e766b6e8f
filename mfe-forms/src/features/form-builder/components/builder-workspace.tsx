import {
  type Announcements,
  type Collision,
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
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { FieldType, FormDefinition } from '@formwerk/contracts';
import { compactMedia, useDisclosure } from '@formwerk/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormBuilderStore } from '../stores/form-builder-store';
import { createField } from '../utils/create-field';
import { findField, insertField, locateField, moveField } from '../utils/definition-edits';
import { BuilderCanvas } from './builder-canvas';
import { BuilderPhoneBar } from './builder-phone-bar';
import { FieldPalette } from './field-palette';
import { FieldTypeIcon } from './field-type-icon';
import { Inspector } from './inspector';
import { pageDropId } from './page-fields';

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
// neighbouring fields, for which the closest centre is right. A page's centre can be its middle field's:
// then the field wins, whichever of the two registered first (cards register as the canvas draws them).
const isPageTarget = (collision: Collision) => collision.data?.droppableContainer?.data.current?.kind === 'page';
const collisionDetection: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  if (within.length > 0) return within;
  return closestCenter(args).sort(
    (left, right) =>
      Number(left.data?.value) - Number(right.data?.value) || Number(isPageTarget(left)) - Number(isPageTarget(right)),
  );
};

// The sensors' options, made once: options made anew on each render would make dnd-kit hand every
// sortable card a new context, drawing all of them again on each edit of a big form.
const pointerOptions = { activationConstraint: { distance: 6 } };
const keyboardOptions = { coordinateGetter: sortableKeyboardCoordinates };

/** The drag under way: what is dragged, and what its preview shows. */
type ActiveDrag = { id: string; data: DragData; type: FieldType | undefined; label: string | undefined };

/** The definition as it is now, for the drag's handlers: the workspace does not select it. */
const currentDefinition = () => useFormBuilderStore.getState().definition;

/**
 * The palette, the pages with their fields and the inspector, joined by drag and drop. On a phone the
 * palette and the inspector are sheets, one open at a time, behind the buttons of the phone bar. It
 * selects nothing of the form itself (its handlers read it when they run), so an edit draws again
 * only the parts of the canvas and the inspector that show what changed, never the drag and drop
 * context around the whole form.
 */
export function BuilderWorkspace() {
  const { t } = useTranslation('forms');
  const hasDefinition = useFormBuilderStore((state) => state.definition !== null);
  const [active, setActive] = useState<ActiveDrag | null>(null);
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
  if (!hasDefinition) return null;
  const { edit, select } = useFormBuilderStore.getState();

  const labelOf = (id: UniqueIdentifier) => {
    const paletteType = String(id).startsWith('palette:') ? String(id).slice('palette:'.length) : null;
    if (paletteType) return t(`builder.types.${paletteType}`);
    const definition = currentDefinition();
    return (definition && findField(definition, String(id))?.label) || '';
  };
  const positionOf = (id: UniqueIdentifier) => {
    const definition = currentDefinition();
    const location = definition && locateField(definition, String(id));
    if (definition && location)
      return { position: location.index + 1, page: definition.pages.indexOf(location.page) + 1 };
    const pageIndex = definition?.pages.findIndex((page) => pageDropId(page.id) === String(id)) ?? -1;
    return { position: 1, page: pageIndex + 1 };
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

  const onDragStart = ({ active: dragged }: DragStartEvent) => {
    const data = dragged.data.current as DragData;
    const definition = currentDefinition();
    const field = data.kind === 'field' && definition ? findField(definition, String(dragged.id)) : undefined;
    setActive({
      id: String(dragged.id),
      data,
      type: data.kind === 'palette' ? data.type : field?.type,
      label: field?.label,
    });
  };

  const onDragOver = ({ over }: DragOverEvent) => {
    const definition = currentDefinition();
    const target =
      over && definition
        ? dropTarget(definition, String(over.id), over.data.current as DragData | undefined)
        : undefined;
    setOverPageId(target?.pageId ?? null);
  };

  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    setActive(null);
    setOverPageId(null);
    const definition = currentDefinition();
    if (!over || !definition) return;
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
        <BuilderCanvas
          overPageId={overPageId}
          dragged={active?.data.kind === 'field' ? { fieldId: active.id, pageId: active.data.pageId } : null}
        />
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
        {active?.type ? (
          <div className="builder-drag-preview">
            <FieldTypeIcon type={active.type} />
            {active.label ?? t(`builder.types.${active.type}`)}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
