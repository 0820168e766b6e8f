import type { WorkflowSummary } from '@formwerk/contracts';
import { ConfirmDialog } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';

type DeleteWorkflowDialogProps = {
  workflow: WorkflowSummary | null;
  onConfirm: (workflow: WorkflowSummary) => void;
  onCancel: () => void;
};

/** Asks before a workflow is deleted for good; requests already running finish on their version. */
export function DeleteWorkflowDialog({ workflow, onConfirm, onCancel }: DeleteWorkflowDialogProps) {
  const { t } = useTranslation('approvals');
  return (
    <ConfirmDialog
      isOpen={workflow !== null}
      title={t('workflows.list.delete.title', { name: workflow?.name })}
      confirmLabel={t('workflows.list.delete.confirm')}
      cancelLabel={t('workflows.cancel')}
      onConfirm={() => workflow && onConfirm(workflow)}
      onCancel={onCancel}
    >
      <p>{t('workflows.list.delete.text')}</p>
      {workflow && workflow.runningCount > 0 ? (
        <p>{t('workflows.list.delete.running', { count: workflow.runningCount })}</p>
      ) : null}
    </ConfirmDialog>
  );
}
