import type { InstanceResponse } from '@formwerk/contracts';
import { AppLink, formatDateTime, useLocale } from '@formwerk/platform';
import { Button, PageHeader } from '@formwerk/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import '../../../components/forms.css';
import { useInstance } from '../hooks/use-instance';
import { InstanceTimeline } from './instance-timeline';
import { ResubmitForm } from './resubmit-section';
import { WithdrawSection } from './withdraw-section';
import { WorkflowGraphView } from './workflow-graph-view';
import './submission-workflow.css';

const views = [
  { key: 'answers', route: 'v1-submissions-id' },
  { key: 'chart', route: 'v1-submissions-id-chart' },
  { key: 'workflow', route: 'v1-submissions-id-workflow' },
] as const;

/**
 * /v1/submissions/{id}/workflow: the requester's and the owner's view of the submission's approval.
 * The workflow drawn with where the approval stands, its status and story, and what the requester can
 * do: withdraw it, or, when changes are requested, see what was asked and send the fields again.
 */
export function SubmissionWorkflowPage() {
  const { t } = useTranslation('forms');
  const { id = '' } = useParams();
  const { load, reload, retry } = useInstance(id);
  // A requester from outside the team sees this page only: no way to the team's answers and charts.
  const isRequester = load.status === 'ready' && load.instance.viewer === 'requester';

  return (
    <>
      <PageHeader
        eyebrow={t(isRequester ? 'submissionWorkflow.requester.eyebrow' : 'area')}
        title={t('pages.submission-workflow.title')}
        description={t(
          isRequester ? 'submissionWorkflow.requester.description' : 'pages.submission-workflow.description',
        )}
        actions={
          isRequester ? undefined : (
            <AppLink to="v1-submissions-id" params={{ id }} className="ui-button ui-button--secondary">
              {t('submissionWorkflow.toAnswers')}
            </AppLink>
          )
        }
      />
      {isRequester ? null : (
        <nav className="ui-tabs" aria-label={t('submissions.detail.tabsLabel')}>
          {views.map((view) => (
            <AppLink
              key={view.key}
              to={view.route}
              params={{ id }}
              aria-current={view.key === 'workflow' ? 'page' : undefined}
            >
              {t(`submissions.detail.tabs.${view.key}`)}
            </AppLink>
          ))}
        </nav>
      )}
      {load.status === 'loading' ? <p role="status">{t('loading')}</p> : null}
      {load.status === 'none' ? (
        <section className="ui-card" aria-labelledby="workflow-none">
          <div className="ui-empty">
            <h2 id="workflow-none">{t('submissionWorkflow.none.title')}</h2>
            <p>{t('submissionWorkflow.none.text')}</p>
            <AppLink to="v1-approve-workflows" className="ui-button ui-button--secondary">
              {t('submissionWorkflow.none.toWorkflows')}
            </AppLink>
          </div>
        </section>
      ) : null}
      {load.status === 'failed' ? (
        <div className="ui-card">
          <p role="alert" className="ui-error">
            {t(load.errorKey)}
          </p>
          <Button variant="secondary" onClick={retry}>
            {t('retry')}
          </Button>
        </div>
      ) : null}
      {load.status === 'ready' ? <InstanceView submissionId={id} instance={load.instance} reload={reload} /> : null}
    </>
  );
}

type InstanceViewProps = { submissionId: string; instance: InstanceResponse; reload: () => Promise<void> };

function InstanceView({ submissionId, instance, reload }: InstanceViewProps) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const [messageKey, setMessageKey] = useState('');
  const status = useRef<HTMLParagraphElement>(null);

  // The buttons that were used are gone afterwards: the message takes focus and says what happened.
  const onChanged = async (key: string) => {
    setMessageKey(key);
    await reload().catch(() => undefined);
    status.current?.focus();
  };

  return (
    <div className="forms-grid">
      <p ref={status} role="status" tabIndex={-1} className="workflow-message forms-card--wide">
        {messageKey ? t(messageKey) : null}
      </p>
      <section className="ui-card forms-card--wide" aria-labelledby="workflow-status">
        <h2 id="workflow-status">{instance.workflowName}</h2>
        <dl className="workflow-facts">
          <dt>{t('submissionWorkflow.status.label')}</dt>
          <dd>
            <span className={`ui-badge workflow-status workflow-status--${instance.status}`}>
              {t(`submissionWorkflow.status.${instance.status}`)}
            </span>
          </dd>
          <dt>{t('submissionWorkflow.version')}</dt>
          <dd>{instance.version}</dd>
          <dt>{t('submissionWorkflow.startedAt')}</dt>
          <dd>
            <time dateTime={instance.startedAt}>{formatDateTime(new Date(instance.startedAt), locale)}</time>
          </dd>
          {instance.endedAt ? (
            <>
              <dt>{t('submissionWorkflow.endedAt')}</dt>
              <dd>
                <time dateTime={instance.endedAt}>{formatDateTime(new Date(instance.endedAt), locale)}</time>
              </dd>
            </>
          ) : null}
        </dl>
      </section>
      {instance.changesRequested ? (
        <section className="ui-card forms-card--wide workflow-changes" aria-labelledby="workflow-changes">
          <h2 id="workflow-changes">{t('submissionWorkflow.changes.title')}</h2>
          <p>{t('submissionWorkflow.changes.by', { name: instance.changesRequested.by })}</p>
          <blockquote>{instance.changesRequested.comment}</blockquote>
          {instance.can.resubmit ? (
            <ResubmitForm
              instanceId={instance.id}
              submissionId={submissionId}
              fieldIds={instance.changesRequested.editableFieldIds}
              onResubmitted={() => onChanged('submissionWorkflow.changes.done')}
            />
          ) : null}
        </section>
      ) : null}
      <section className="ui-card forms-card--wide" aria-labelledby="workflow-graph">
        <h2 id="workflow-graph">{t('submissionWorkflow.graph.title')}</h2>
        <WorkflowGraphView instance={instance} />
      </section>
      <InstanceTimeline timeline={instance.timeline} />
      {instance.can.withdraw ? (
        <WithdrawSection instanceId={instance.id} onWithdrawn={() => onChanged('submissionWorkflow.withdraw.done')} />
      ) : null}
    </div>
  );
}
