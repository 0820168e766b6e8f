import type { TaskDetailResponse } from '@formwerk/contracts';
import { formatDateTime, useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { ApprovalDueDate } from '../../../components/approval-due-date';
import { formLabel } from '../../../components/approval-task-card';
import { ApprovalTaskStatus } from '../../../components/approval-task-status';

/** What the task is about: workflow, step, form, who asked, since when, until when, and its state. */
export function TaskFacts({ detail }: { detail: TaskDetailResponse }) {
  const { t } = useTranslation('approvals');
  const locale = useLocale();
  const { task } = detail;
  return (
    <section className="ui-card" aria-labelledby="task-facts">
      <h2 id="task-facts">{t('inbox.task.factsTitle')}</h2>
      <dl className="approval-facts">
        <dt>{t('inbox.task.workflow')}</dt>
        <dd>{task.workflowName}</dd>
        <dt>{t('inbox.task.step')}</dt>
        <dd>{task.stepLabel}</dd>
        <dt>{t('inbox.card.form')}</dt>
        <dd>{formLabel(task)}</dd>
        <dt>{t('inbox.card.requester')}</dt>
        <dd>{task.requester ?? t('inbox.anonymous')}</dd>
        <dt>{t('inbox.task.since')}</dt>
        <dd>
          <time dateTime={task.createdAt}>{formatDateTime(new Date(task.createdAt), locale)}</time>
        </dd>
        <dt>{t('inbox.card.due')}</dt>
        <dd>
          <ApprovalDueDate dueAt={task.dueAt} isOverdue={task.isOverdue && task.status === 'open'} />
        </dd>
        {task.onBehalfOf ? (
          <>
            <dt>{t('inbox.task.onBehalfOf')}</dt>
            <dd>{task.onBehalfOf}</dd>
          </>
        ) : null}
        {task.mode === 'pool' ? (
          <>
            <dt>{t('inbox.task.pool')}</dt>
            <dd>{task.claimedBy ? t('inbox.card.claimedBy', { name: task.claimedBy }) : t('inbox.card.unclaimed')}</dd>
          </>
        ) : null}
        <dt>{t('inbox.task.state')}</dt>
        <dd>
          <ApprovalTaskStatus status={task.status} />
          {detail.decidedBy ? ` ${t('inbox.task.decidedBy', { name: detail.decidedBy })}` : null}
        </dd>
      </dl>
    </section>
  );
}
