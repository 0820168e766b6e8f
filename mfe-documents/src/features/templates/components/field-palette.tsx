import { useDraggable } from '@dnd-kit/core';
import type { TemplateFieldKind, TemplateRole } from '@formwerk/contracts';
import { Button, Icon } from '@formwerk/ui';
import { Plus } from 'lucide-react';
import { type RefObject, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isFillingRole } from '../stores/templates-store';
import { fieldKinds } from '../utils/template-geometry';
import { FieldKindIcon } from './field-kind-icon';

/** What a drag from the palette carries (template-editor.tsx adds the field where it is dropped). */
export type PaletteDragData = { type: 'palette'; kind: TemplateFieldKind };

/** The palette's element, which the phone bar's button opens. */
export const paletteSheetId = 'templates-palette';

type PaletteItemProps = { kind: TemplateFieldKind; isChosen: boolean; onChoose: (kind: TemplateFieldKind) => void };

function PaletteItem({ kind, isChosen, onChoose }: PaletteItemProps) {
  const { t } = useTranslation('documents');
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: `palette:${kind}`,
    data: { type: 'palette', kind } satisfies PaletteDragData,
  });
  // Dragging is the pointer's way; from the keyboard, Enter or Space chooses the kind, which "Add field"
  // then places, and a press on a page too.
  const { onKeyDown: _keyboardDrag, ...pointerListeners } = listeners ?? {};
  return (
    <li>
      <button
        ref={setNodeRef}
        type="button"
        className={`ui-palette-item templates-palette__item${isDragging ? ' templates-palette__item--dragging' : ''}`}
        {...attributes}
        {...pointerListeners}
        aria-roledescription={undefined}
        aria-describedby={undefined}
        aria-pressed={isChosen}
        onClick={() => onChoose(kind)}
      >
        <FieldKindIcon kind={kind} />
        {t(`templates.kinds.${kind}`)}
      </button>
    </li>
  );
}

type FieldPaletteProps = {
  roles: TemplateRole[];
  activeRoleId: string | null;
  paletteKind: TemplateFieldKind;
  pageCount: number;
  currentPage: number;
  fieldCountByPage: Map<number, number>;
  isOpen: boolean;
  sheet: RefObject<HTMLElement | null>;
  onChoose: (kind: TemplateFieldKind) => void;
  onActiveRoleChange: (roleId: string) => void;
  onAdd: () => void;
  onGoToPage: (page: number) => void;
};

/**
 * The seven kinds of field, each dragged onto a page or chosen and then placed with a press on a page;
 * "Add field" puts the chosen kind in the middle of the page in view, the way without a pointer. Below,
 * the pages with their number of fields, to go to one. On a phone this is a sheet opened from the
 * editor's phone bar.
 */
export function FieldPalette({
  roles,
  activeRoleId,
  paletteKind,
  pageCount,
  currentPage,
  fieldCountByPage,
  isOpen,
  sheet,
  onChoose,
  onActiveRoleChange,
  onAdd,
  onGoToPage,
}: FieldPaletteProps) {
  const { t } = useTranslation('documents');
  const roleSelectId = useId();
  const addHintId = useId();
  const fillingRoles = roles.filter((role) => isFillingRole(role.kind));
  return (
    <aside
      ref={sheet}
      id={paletteSheetId}
      className="ui-panel ui-panel--sheet templates-palette"
      aria-labelledby="templates-palette-title"
      data-open={isOpen || undefined}
    >
      <h2 id="templates-palette-title">{t('templates.palette.title')}</h2>
      <p className="ui-hint">{t('templates.palette.hint')}</p>
      <ul className="templates-palette__kinds" aria-label={t('templates.palette.kinds')}>
        {fieldKinds.map((kind) => (
          <PaletteItem key={kind} kind={kind} isChosen={kind === paletteKind} onChoose={onChoose} />
        ))}
      </ul>
      <div className="ui-field">
        <label htmlFor={roleSelectId}>{t('templates.palette.role')}</label>
        <select
          id={roleSelectId}
          value={activeRoleId ?? ''}
          disabled={fillingRoles.length === 0}
          onChange={(event) => onActiveRoleChange(event.target.value)}
        >
          {fillingRoles.map((role) => (
            <option key={role.id} value={role.id}>
              {t('templates.roles.option', { marker: roles.indexOf(role) + 1, name: role.name })}
            </option>
          ))}
        </select>
      </div>
      <Button onClick={onAdd} aria-describedby={addHintId} disabled={fillingRoles.length === 0}>
        <Icon icon={Plus} />
        {t('templates.palette.add')}
      </Button>
      <p id={addHintId} className="ui-hint templates-palette__add-hint">
        {fillingRoles.length === 0
          ? t('templates.palette.noRole')
          : t('templates.palette.addHint', { kind: t(`templates.kinds.${paletteKind}`) })}
      </p>
      <nav aria-labelledby="templates-palette-pages">
        <h3 id="templates-palette-pages">{t('templates.pages.list')}</h3>
        <ul className="templates-palette__pages">
          {Array.from({ length: pageCount }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a page of the PDF is its number
            <li key={index}>
              <button
                type="button"
                className="ui-link-button"
                aria-current={index === currentPage ? 'page' : undefined}
                onClick={() => onGoToPage(index)}
              >
                {t('templates.pages.entry', { page: index + 1, count: fieldCountByPage.get(index) ?? 0 })}
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
