import type { WorkflowNodeType } from '@formwerk/contracts';
import { Icon } from '@formwerk/ui';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { paletteTypes } from '../utils/graph-edits';
import { paletteDragType } from './workflow-canvas';
import { nodeIcons } from './workflow-nodes';

/** The palette's element, which the phone bar's button opens. */
export const paletteSheetId = 'workflow-palette';

/**
 * The node types. A press adds one in the middle of what the canvas shows and selects it (the keyboard's
 * way); a pointer may also drag one onto the canvas. On a phone the palette is a sheet.
 */
export function NodePalette({
  onAdd,
  isOpen,
  sheet,
}: {
  onAdd: (type: WorkflowNodeType) => void;
  isOpen: boolean;
  sheet: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('approvals');
  return (
    <aside
      ref={sheet}
      id={paletteSheetId}
      className="ui-panel ui-panel--sheet workflow-palette"
      aria-labelledby="workflow-palette-title"
      data-open={isOpen || undefined}
    >
      <h2 id="workflow-palette-title">{t('workflows.palette.title')}</h2>
      <p id="workflow-palette-hint" className="ui-hint">
        {t('workflows.palette.hint')}
      </p>
      <ul>
        {paletteTypes.map((type) => (
          <li key={type}>
            <button
              type="button"
              className="ui-palette-item"
              draggable
              aria-describedby="workflow-palette-hint"
              onDragStart={(event) => {
                event.dataTransfer.setData(paletteDragType, type);
                event.dataTransfer.effectAllowed = 'copy';
              }}
              onClick={() => onAdd(type)}
            >
              <Icon icon={nodeIcons[type]} />
              {t(`workflows.types.${type}`)}
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
