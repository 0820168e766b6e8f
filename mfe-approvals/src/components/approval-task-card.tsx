import type { TaskSummary } from '@formwerk/contracts';
import { AppLink } from '@formwerk/platform';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApprovalDueDate } from './approval-due-date';
import { ApprovalTaskStatus } from './approval-task-status';
import './approval-pages.css';

type ApprovalTaskCardProps = {
  task: TaskSummary;
  /** A control before the title (the inbox's selection box). */
  leading?: ReactNode;
};

/**
 * One task as a phone lists it: the step as the link to the task, then the form, who asked, when it
 * is due, and for whom or by whom it is decided when that is not simply the reader.
 */
export function ApprovalTaskCard({ task, leading }: ApprovalTaskCardProps) {
  const { t } = useTranslation('approvals');
  const headingId = `approval-task-${task.id}`;
  return (
    <article
      className={task.isOverdue ? 'approval-task-card approval-task-card--overdue' : 'approval-task-card'}
      aria-labelledby={headingId}
    >
      <div className="approval-task-card__head">
        {leading}
        <h3 id={headingId}>
          <AppLink to="v1-approve-approvals-id" params={{ id: task.id }}>
            {task.stepLabel}
          </AppLink>
        </h3>
      </div>
      <p className="approval-task-card__workflow">{task.workflowName}</p>
      <dl className="approval-task-card__facts">
        <dt>{t('inbox.card.form')}</dt>
        <dd>{formLabel(task)}</dd>
        <dt>{t('inbox.card.requester')}</dt>
        <dd>{task.requester ?? t('inbox.anonymous')}</dd>
        <dt>{t('inbox.card.due')}</dt>
        <dd>
          <ApprovalDueDate dueAt={task.dueAt} isOverdue={task.isOverdue} />
        </dd>
      </dl>
      <ApprovalTaskTags task={task} />
    </article>
  );
}

/** "Sommerfest #42": the form and the submission's number in it, where it has one. */
export const formLabel = (task: TaskSummary) =>
  task.submissionNumber === null ? task.formTitle : `${task.formTitle} #${task.submissionNumber}`;

/** What sets a task apart: not open any more, decided for someone else, a pool task and who took it. */
export function ApprovalTaskTags({ task }: { task: TaskSummary }) {
  const { t } = useTranslation('approvals');
  const tags = [
    task.status === 'open' ? null : <ApprovalTaskStatus key="status" status={task.status} />,
    task.onBehalfOf ? (
      <span key="for" className="ui-badge">
        {t('inbox.card.onBehalfOf', { name: task.onBehalfOf })}
      </span>
    ) : null,
    task.mode === 'pool' && task.status === 'open' ? (
      <span key="pool" className="ui-badge">
        {task.claimedBy ? t('inbox.card.claimedBy', { name: task.claimedBy }) : t('inbox.card.unclaimed')}
      </span>
    ) : null,
  ].filter(Boolean);
  if (tags.length === 0) return null;
  return <div className="approval-task-card__tags">{tags}</div>;
}
