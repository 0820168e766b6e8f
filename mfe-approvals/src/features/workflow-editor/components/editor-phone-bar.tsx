import { Icon, type IconComponent } from '@formwerk/ui';
import { Plus, Settings2, TriangleAlert, X } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';
import { selectProblems } from '../utils/editor-derivations';
import { inspectorSheetId } from './inspector';
import { paletteSheetId } from './node-palette';
import { problemsSheetId } from './problems-panel';

export type SheetToggle = { isOpen: boolean; onToggle: () => void; button: RefObject<HTMLButtonElement | null> };

/** One of the bar's buttons: it opens its sheet, and shows a close icon while the sheet is open. */
function SheetButton({
  sheet,
  sheetId,
  icon,
  label,
  isPrimary = false,
}: {
  sheet: SheetToggle;
  sheetId: string;
  icon: IconComponent;
  label: string;
  isPrimary?: boolean;
}) {
  return (
    <button
      ref={sheet.button}
      type="button"
      className={`ui-button ${isPrimary ? 'ui-button--primary' : 'ui-button--secondary'}`}
      aria-expanded={sheet.isOpen}
      aria-controls={sheetId}
      onClick={sheet.onToggle}
    >
      <Icon icon={sheet.isOpen ? X : icon} />
      {label}
    </button>
  );
}

/**
 * On a phone, the editor's three sheets behind buttons at the bottom of the screen, so that the canvas
 * keeps the screen: the steps to add, the settings of what is selected, the problems. Wider, all three
 * stand beside the canvas and this bar is not shown.
 */
export function EditorPhoneBar({
  palette,
  inspector,
  problems,
}: {
  palette: SheetToggle;
  inspector: SheetToggle;
  problems: SheetToggle;
}) {
  const { t } = useTranslation('approvals');
  const problemCount = useWorkflowEditorStore((state) => selectProblems(state).length);
  return (
    <div className="ui-phone-bar workflow-phone-bar">
      <SheetButton
        sheet={problems}
        sheetId={problemsSheetId}
        icon={TriangleAlert}
        label={t('workflows.phone.problems', { count: problemCount })}
      />
      <SheetButton
        sheet={inspector}
        sheetId={inspectorSheetId}
        icon={Settings2}
        label={t('workflows.inspector.title')}
      />
      <SheetButton sheet={palette} sheetId={paletteSheetId} icon={Plus} label={t('workflows.phone.add')} isPrimary />
    </div>
  );
}
