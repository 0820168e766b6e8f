import type { TaskSummary } from '@formwerk/contracts';
import { AppLink } from '@formwerk/platform';
import { TableFrame } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { ApprovalDueDate } from '../../../components/approval-due-date';
import { ApprovalTaskTags, formLabel } from '../../../components/approval-task-card';
import { isBulkApprovable, type TaskSelection } from '../hooks/use-task-selection';

type InboxTaskTableProps = {
  tasks: readonly TaskSummary[];
  selection: TaskSelection | null;
  labelledBy: string;
  isBusy: boolean;
};

/**
 * The tasks on a desktop, one row each. The selection box sits in the first cell beside the step, so
 * that on a narrow window the column kept in view says both what the row is and whether it is ticked.
 */
export function InboxTaskTable({ tasks, selection, labelledBy, isBusy }: InboxTaskTableProps) {
  const { t } = useTranslation('approvals');
  const selectable = selection?.selectable.length ?? 0;
  const selected = selection?.selected.length ?? 0;
  return (
    <TableFrame labelledBy={labelledBy}>
      <table className="ui-table inbox-table" aria-labelledby={labelledBy} aria-busy={isBusy}>
        <thead>
          <tr>
            <th scope="col">
              <span className="inbox-table__step">
                {selection && selectable > 0 ? (
                  <input
                    type="checkbox"
                    aria-label={t('inbox.list.selectPage')}
                    checked={selected === selectable}
                    ref={(input) => {
                      if (input) input.indeterminate = selected > 0 && selected < selectable;
                    }}
                    onChange={selection.toggleAll}
                  />
                ) : null}
                {t('inbox.list.columns.step')}
              </span>
            </th>
            <th scope="col">{t('inbox.list.columns.form')}</th>
            <th scope="col">{t('inbox.list.columns.requester')}</th>
            <th scope="col">{t('inbox.list.columns.due')}</th>
            <th scope="col">{t('inbox.list.columns.state')}</th>
          </tr>
        </thead>
        <tbody>
          {tasks.map((task) => (
            <tr key={task.id} className={task.isOverdue ? 'inbox-table__row--overdue' : undefined}>
              <td>
                <span className="inbox-table__step">
                  {selection && isBulkApprovable(task) ? (
                    <input
                      type="checkbox"
                      aria-label={t('inbox.list.select', { step: task.stepLabel, form: formLabel(task) })}
                      checked={selection.isSelected(task.id)}
                      onChange={() => selection.toggle(task.id)}
                    />
                  ) : null}
                  <span>
                    <AppLink to="v1-approve-approvals-id" params={{ id: task.id }}>
                      {task.stepLabel}
                    </AppLink>
                    <br />
                    <span className="ui-hint">{task.workflowName}</span>
                  </span>
                </span>
              </td>
              <td>{formLabel(task)}</td>
              <td>{task.requester ?? t('inbox.anonymous')}</td>
              <td>
                <ApprovalDueDate dueAt={task.dueAt} isOverdue={task.isOverdue} />
              </td>
              <td>
                <ApprovalTaskTags task={task} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
