import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';

/**
 * The save state and button of the screen pages: screens are part of the workflow, so they are saved
 * with it (the same PUT the editor sends).
 */
export function ScreenSaveBar() {
  const { t } = useTranslation('approvals');
  const saveState = useWorkflowEditorStore((state) => state.saveState);
  const save = useWorkflowEditorStore((state) => state.save);
  return (
    <>
      <span className={`ui-save-status ui-save-status--${saveState}`} role="status">
        {t(`workflows.save.${saveState}`)}
      </span>
      <Button
        disabled={saveState === 'saving' || saveState === 'conflict' || saveState === 'saved'}
        onClick={() => void save()}
      >
        {saveState === 'saving' ? t('workflows.editor.saving') : t('workflows.editor.save')}
      </Button>
    </>
  );
}
