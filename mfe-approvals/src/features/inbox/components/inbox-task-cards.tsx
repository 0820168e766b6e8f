import type { TaskSummary } from '@formwerk/contracts';
import { useTranslation } from 'react-i18next';
import { ApprovalTaskCard, formLabel } from '../../../components/approval-task-card';
import { isBulkApprovable, type TaskSelection } from '../hooks/use-task-selection';

type InboxTaskCardsProps = { tasks: readonly TaskSummary[]; selection: TaskSelection | null };

/** The tasks on a phone: one card each, the selection box before the title where it may be approved at once. */
export function InboxTaskCards({ tasks, selection }: InboxTaskCardsProps) {
  const { t } = useTranslation('approvals');
  return (
    <ul className="approval-task-cards">
      {tasks.map((task) => (
        <li key={task.id}>
          <ApprovalTaskCard
            task={task}
            leading={
              selection && isBulkApprovable(task) ? (
                <label className="approval-check">
                  <input
                    type="checkbox"
                    checked={selection.isSelected(task.id)}
                    onChange={() => selection.toggle(task.id)}
                  />
                  <span className="ui-visually-hidden">
                    {t('inbox.list.select', { step: task.stepLabel, form: formLabel(task) })}
                  </span>
                </label>
              ) : null
            }
          />
        </li>
      ))}
    </ul>
  );
}
