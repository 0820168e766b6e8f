import type { ApprovalsOverviewResponse, InboxTab } from '@formwerk/contracts';
import { AppLink, formatDateTime, useLocale } from '@formwerk/platform';
import { Button, PageHeader } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { ApprovalTaskCard } from '../../../components/approval-task-card';
import '../../../components/approval-pages.css';
import { AbsenceCard } from '../../absence/components/absence-card';
import { useOverview } from '../hooks/use-overview';
import './approvals-overview.css';

/** /v1/approve: what waits for the reader's decision, what is due first, and what got stuck. */
export function ApprovalsOverviewPage() {
  const { t } = useTranslation('approvals');
  const { load, retry } = useOverview();

  return (
    <>
      <PageHeader
        eyebrow={t('area')}
        title={t('pages.inbox.title')}
        description={t('pages.inbox.description')}
        actions={
          <>
            <AppLink to="v1-approve-approvals" className="ui-button ui-button--primary">
              {t('inbox.overview.toInbox')}
            </AppLink>
            <AppLink to="v1-approve-workflows" className="ui-button ui-button--secondary">
              {t('inbox.overview.toWorkflows')}
            </AppLink>
          </>
        }
      />
      {load.status === 'loading' ? <p role="status">{t('inbox.loading')}</p> : null}
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
      {load.status === 'ready' ? <Overview overview={load.overview} /> : null}
    </>
  );
}

const countTabs = ['mine', 'pool', 'delegated', 'overdue'] as const satisfies readonly InboxTab[];

function Overview({ overview }: { overview: ApprovalsOverviewResponse }) {
  const { t } = useTranslation('approvals');
  const { counts } = overview;
  const hasNothingToDecide = countTabs.every((tab) => counts[tab] === 0) && overview.dueFirst.length === 0;

  return (
    <div className="approval-grid">
      {hasNothingToDecide ? (
        <section className="ui-card" aria-labelledby="overview-empty">
          <div className="ui-empty">
            <h2 id="overview-empty">{t('inbox.overview.empty.title')}</h2>
            <p>{t('inbox.overview.empty.text')}</p>
            {counts.waitingOnOthers > 0 ? (
              <p>{t('inbox.overview.waitingOnOthersText', { count: counts.waitingOnOthers })}</p>
            ) : null}
            <AppLink to="v1-approve-workflows" className="ui-button ui-button--secondary">
              {t('inbox.overview.empty.setUp')}
            </AppLink>
          </div>
        </section>
      ) : (
        <>
          <section className="ui-card" aria-labelledby="overview-counts">
            <h2 id="overview-counts">{t('inbox.overview.countsTitle')}</h2>
            <ul className="approvals-overview-counts">
              {countTabs.map((tab) => (
                <li key={tab}>
                  <AppLink
                    to="v1-approve-approvals"
                    query={tab === 'mine' ? undefined : { tab }}
                    className={
                      tab === 'overdue' && counts.overdue > 0
                        ? 'approvals-overview-count approvals-overview-count--alert'
                        : 'approvals-overview-count'
                    }
                  >
                    <span className="approvals-overview-count__number">{counts[tab]}</span>{' '}
                    <span>{t(`inbox.tabs.${tab}`)}</span>
                  </AppLink>
                </li>
              ))}
              <li>
                <AppLink to="v1-approve-workflows" className="approvals-overview-count">
                  <span className="approvals-overview-count__number">{counts.waitingOnOthers}</span>{' '}
                  <span>{t('inbox.overview.waitingOnOthers')}</span>
                </AppLink>
              </li>
            </ul>
          </section>
          <section className="ui-card" aria-labelledby="overview-due-first">
            <h2 id="overview-due-first">{t('inbox.overview.dueFirst')}</h2>
            {overview.dueFirst.length > 0 ? (
              <ul className="approval-task-cards">
                {overview.dueFirst.map((task) => (
                  <li key={task.id}>
                    <ApprovalTaskCard task={task} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="ui-hint">{t('inbox.overview.nothingDue')}</p>
            )}
            <AppLink to="v1-approve-approvals">{t('inbox.overview.allTasks')}</AppLink>
          </section>
        </>
      )}
      {overview.stuck.length > 0 ? <StuckInstances stuck={overview.stuck} /> : null}
      <AbsenceCard />
    </div>
  );
}

/** Team admins: approvals running longer than their workflow allows, each opened at its history. */
function StuckInstances({ stuck }: { stuck: ApprovalsOverviewResponse['stuck'] }) {
  const { t } = useTranslation('approvals');
  const locale = useLocale();
  return (
    <section className="ui-card" aria-labelledby="overview-stuck">
      <h2 id="overview-stuck">{t('inbox.overview.stuck.title')}</h2>
      <p className="ui-hint">{t('inbox.overview.stuck.text')}</p>
      <ul className="approvals-overview-stuck">
        {stuck.map((instance) => (
          <li key={instance.instanceId}>
            <AppLink to="v1-submissions-id-workflow" params={{ id: instance.submissionId }}>
              {instance.workflowName}
            </AppLink>{' '}
            <span className="ui-hint">
              {t('inbox.overview.stuck.startedAt', { date: formatDateTime(new Date(instance.startedAt), locale) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
