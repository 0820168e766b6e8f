import type { BulkDecisionResponse, TaskSummary } from '@formwerk/contracts';
import { Button, ConfirmDialog } from '@formwerk/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formLabel } from '../../../components/approval-task-card';
import { toErrorKey } from '../../../utils/error-key';
import { approveTasks } from '../api/inbox-api';

/** What one "Approve selected" did: the tasks kept back are named, since they left the selection. */
export type BulkOutcome = { approvedCount: number; skipped: { task: TaskSummary | undefined; code: string }[] };

type BulkApproveProps = {
  selected: readonly TaskSummary[];
  onApproved: (outcome: BulkOutcome) => void;
};

/** Approves the ticked tasks once the user confirms; the api approves what it can and says why not the rest. */
export function BulkApprove({ selected, onApproved }: BulkApproveProps) {
  const { t } = useTranslation('approvals');
  const [isConfirming, setIsConfirming] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const onConfirm = async () => {
    setIsConfirming(false);
    setIsSending(true);
    setErrorKey(null);
    const tasks = [...selected];
    try {
      const result: BulkDecisionResponse = await approveTasks(tasks.map((task) => task.id));
      onApproved({
        approvedCount: result.approved.length,
        skipped: result.skipped.map(({ taskId, code }) => ({ task: tasks.find((task) => task.id === taskId), code })),
      });
    } catch (error) {
      setErrorKey(toErrorKey(error));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <>
      <Button disabled={selected.length === 0 || isSending} onClick={() => setIsConfirming(true)}>
        {t('inbox.bulk.button', { count: selected.length })}
      </Button>
      {errorKey ? (
        <p role="alert" className="ui-error">
          {t(errorKey)}
        </p>
      ) : null}
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('inbox.bulk.title', { count: selected.length })}
        confirmLabel={t('inbox.bulk.confirm')}
        cancelLabel={t('inbox.cancel')}
        onConfirm={onConfirm}
        onCancel={() => setIsConfirming(false)}
      >
        <p>{t('inbox.bulk.text')}</p>
        <ul>
          {selected.map((task) => (
            <li key={task.id}>
              {task.stepLabel} – {formLabel(task)}
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </>
  );
}

/** The result of the last "Approve selected", in the page's status region. */
export function BulkOutcomeReport({ outcome }: { outcome: BulkOutcome }) {
  const { t } = useTranslation('approvals');
  return (
    <>
      <p>
        {t('inbox.bulk.approved', { count: outcome.approvedCount })}{' '}
        {outcome.skipped.length > 0 ? t('inbox.bulk.skipped', { count: outcome.skipped.length }) : null}
      </p>
      {outcome.skipped.length > 0 ? (
        <ul>
          {outcome.skipped.map(({ task, code }, index) => (
            <li key={task?.id ?? index}>
              {task ? `${task.stepLabel} – ${formLabel(task)}: ` : null}
              {t([`inbox.bulk.reasons.${code}`, 'inbox.bulk.reasons.other'])}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
