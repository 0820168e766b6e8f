import { SheetButton, type SheetToggle } from '@formwerk/ui';
import { Plus, Settings2, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';
import { selectProblems } from '../utils/editor-derivations';
import { inspectorSheetId } from './inspector';
import { paletteSheetId } from './node-palette';
import { problemsSheetId } from './problems-panel';

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
