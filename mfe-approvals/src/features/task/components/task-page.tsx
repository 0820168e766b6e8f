import type { TaskDetailResponse } from '@formwerk/contracts';
import { AppLink, formatDateTime, useLocale } from '@formwerk/platform';
import { Button, PageHeader } from '@formwerk/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formLabel } from '../../../components/approval-task-card';
import '../../../components/approval-pages.css';
import { claimTask, reassignTask, releaseTask } from '../api/task-api';
import { useDecision } from '../hooks/use-decision';
import { useTask } from '../hooks/use-task';
import { useTaskActions } from '../hooks/use-task-actions';
import type { Notice } from '../utils/task-notice';
import { TaskAnswers } from './task-answers';
import { TaskComment, TaskDecisionBar, WhyNoDecision } from './task-decision';
import { TaskExtraFields } from './task-extra-fields';
import { TaskFacts } from './task-facts';
import { TaskResponsibility } from './task-responsibility';
import { TaskTimeline } from './task-timeline';
import { TaskVotes } from './task-votes';
import './task.css';

/**
 * /v1/approve/{id} and /v1/approve/approvals/{id}: one task. The submission as the step's screen
 * shows it, the votes and the story so far, and the decision, which a phone keeps at hand at the
 * bottom of the screen. A task no longer open reads as it was decided.
 */
export function TaskPage() {
  const { t } = useTranslation('approvals');
  const { id = '' } = useParams();
  const locale = useLocale();
  const { load, show, refresh, retry } = useTask(id);

  // The header's line under the step: the form, who asked, and until when (said in words when overdue).
  const describe = ({ task }: TaskDetailResponse) => {
    const values = { form: formLabel(task), requester: task.requester ?? t('inbox.anonymous') };
    if (!task.dueAt || task.status !== 'open') return t('inbox.task.about', values);
    const due = formatDateTime(new Date(task.dueAt), locale);
    return t(task.isOverdue ? 'inbox.task.aboutOverdue' : 'inbox.task.aboutDue', { ...values, due });
  };

  return (
    <>
      <PageHeader
        eyebrow={load.status === 'ready' ? load.detail.task.workflowName : t('area')}
        title={load.status === 'ready' ? load.detail.task.stepLabel : t('pages.approval.title')}
        description={load.status === 'ready' ? describe(load.detail) : undefined}
        actions={
          <AppLink to="v1-approve-approvals" className="ui-button ui-button--secondary">
            {t('inbox.task.toInbox')}
          </AppLink>
        }
      />
      {load.status === 'loading' ? <p role="status">{t('inbox.loading')}</p> : null}
      {load.status === 'not-found' ? (
        <section className="ui-card" aria-labelledby="task-not-found">
          <h2 id="task-not-found">{t('inbox.task.notFoundTitle')}</h2>
          <p>{t('inbox.task.notFoundText')}</p>
          <AppLink to="v1-approve-approvals">{t('inbox.task.toInbox')}</AppLink>
        </section>
      ) : null}
      {load.status === 'failed' ? (
        <div className="ui-card">
          <p role="alert" className="ui-error">
            {t(load.errorKey)}
          </p>
          <Button variant="secondary" onClick={retry}>
            {t('inbox.retry')}
          </Button>
        </div>
      ) : null}
      {load.status === 'ready' ? (
        <TaskView key={load.detail.task.id} detail={load.detail} onChanged={show} refresh={refresh} />
      ) : null}
    </>
  );
}

type TaskViewProps = {
  detail: TaskDetailResponse;
  onChanged: (detail: TaskDetailResponse) => void;
  refresh: () => Promise<void>;
};

function TaskView({ detail, onChanged, refresh }: TaskViewProps) {
  const { t } = useTranslation('approvals');
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRegion = useRef<HTMLDivElement>(null);
  // A decision or a hand-over removes the buttons that had focus: the notice takes it, and says why.
  const onNotice = (next: Notice) => {
    setNotice(next);
    requestAnimationFrame(() => noticeRegion.current?.focus());
  };
  const decision = useDecision({ detail, onChanged, onStale: refresh, onNotice });
  const actions = useTaskActions({ refresh, onNotice });
  const { task, can, screen } = detail;
  const isOpen = task.status === 'open';
  const canDecide = isOpen && can.decide;

  return (
    <>
      <div ref={noticeRegion} role="status" tabIndex={-1} className="approval-status task-notice">
        {notice ? <p>{t(notice.key, notice.values)}</p> : null}
      </div>
      {actions.errorKey ? (
        <p role="alert" className="ui-error">
          {t(actions.errorKey)}
        </p>
      ) : null}
      <div className="task-layout">
        <div className="task-layout__main">
          {isOpen && !can.decide ? (
            <WhyNoDecision
              detail={detail}
              isBusy={actions.isBusy}
              onClaim={() => actions.run(() => claimTask(task.id), { key: 'inbox.task.claimed' })}
            />
          ) : null}
          {isOpen ? null : (
            <p className="ui-card task-closed">
              {detail.decidedBy
                ? t('inbox.task.readOnlyBy', { name: detail.decidedBy, status: t(`inbox.status.${task.status}`) })
                : t('inbox.task.readOnly', { status: t(`inbox.status.${task.status}`) })}
            </p>
          )}
          <TaskAnswers detail={detail} decision={canDecide ? decision : null} />
          {canDecide && screen && screen.extraFields.length > 0 ? (
            <TaskExtraFields fields={screen.extraFields} decision={decision} />
          ) : null}
          {isOpen ? <TaskComment decision={decision} canDecide={canDecide} /> : null}
          {canDecide ? <TaskDecisionBar decision={decision} /> : null}
        </div>
        <div className="task-layout__side">
          <TaskFacts detail={detail} />
          <TaskVotes detail={detail} />
          {isOpen ? (
            <TaskResponsibility
              detail={detail}
              isBusy={actions.isBusy}
              onRelease={() => actions.run(() => releaseTask(task.id), { key: 'inbox.task.released' })}
              onReassign={(user, comment) =>
                actions.run(() => reassignTask(task.id, user.id, comment), {
                  key: 'inbox.task.reassigned',
                  values: { name: user.name },
                })
              }
            />
          ) : null}
          <TaskTimeline timeline={detail.timeline} form={detail.form} />
        </div>
      </div>
    </>
  );
}
