import { AppLink } from '@formwerk/platform';
import { Button, PageHeader } from '@formwerk/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../components/approval-pages.css';
import { pageSize } from '../api/inbox-api';
import { useInbox } from '../hooks/use-inbox';
import { type InboxParams, toInboxQuery, useInboxParams } from '../hooks/use-inbox-params';
import { useIsCompact } from '../hooks/use-is-compact';
import { type TaskSelection, useTaskSelection } from '../hooks/use-task-selection';
import { BulkApprove, type BulkOutcome, BulkOutcomeReport } from './bulk-approve';
import { InboxPagination } from './inbox-pagination';
import { InboxTabs } from './inbox-tabs';
import { InboxTaskCards } from './inbox-task-cards';
import { InboxTaskTable } from './inbox-task-table';
import { InboxToolbar } from './inbox-toolbar';
import './inbox.css';

const resultsHeadingId = 'inbox-results';

/**
 * /v1/approve/approvals: the reader's tasks by tab (theirs, their groups' pool, those they stand in
 * for, the overdue ones, the done ones), searched, filtered and paged on the server. Cards on a phone,
 * a table on a desktop; tasks that ask nothing of the approver can be approved together.
 */
export function InboxPage() {
  const { t } = useTranslation('approvals');
  const [params, changeParams] = useInboxParams();
  const { list, errorKey, isLoading, reload } = useInbox(params);
  const isCompact = useIsCompact();
  const tasks = list?.tasks ?? [];
  const selection = useTaskSelection(tasks, JSON.stringify(params));
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const pageCount = list ? Math.ceil(list.total / pageSize) : 0;
  // Done tasks are decided already; elsewhere the boxes show only when a task on the page can be ticked.
  const offersBulk = params.tab !== 'done' && selection.selectable.length > 0;

  const onApproved = (result: BulkOutcome) => {
    setOutcome(result);
    selection.clear();
    reload();
    resultsHeading.current?.focus();
  };

  return (
    <>
      <PageHeader
        eyebrow={t('area')}
        title={t('pages.approvals.title')}
        description={t('pages.approvals.description')}
        actions={
          <AppLink to="v1-approve" className="ui-button ui-button--secondary">
            {t('inbox.list.toOverview')}
          </AppLink>
        }
      />
      <InboxTabs params={params} counts={list?.counts} />
      <section className="ui-card" aria-labelledby={resultsHeadingId}>
        <InboxToolbar params={params} onParamsChange={changeParams} />
        <div className="inbox-heading">
          <h2 id={resultsHeadingId} ref={resultsHeading} tabIndex={-1}>
            {list ? t('inbox.list.count', { count: list.total }) : t(`inbox.tabs.${params.tab}`)}
          </h2>
          {isLoading ? <span className="ui-hint">{t('inbox.loading')}</span> : null}
        </div>
        <div role="status" className="approval-status inbox-outcome">
          {outcome ? <BulkOutcomeReport outcome={outcome} /> : null}
        </div>
        {errorKey ? (
          <div>
            <p role="alert" className="ui-error">
              {t(errorKey)}
            </p>
            <Button variant="secondary" onClick={reload}>
              {t('inbox.retry')}
            </Button>
          </div>
        ) : null}
        {list?.total === 0 ? (
          <InboxEmpty params={params} onClearSearch={() => changeParams({ search: '', page: 1 })} />
        ) : null}
        {offersBulk ? <BulkBar selection={selection} showsSelectPage={isCompact} onApproved={onApproved} /> : null}
        {tasks.length > 0 && isCompact ? (
          <InboxTaskCards tasks={tasks} selection={offersBulk ? selection : null} />
        ) : null}
        {tasks.length > 0 && !isCompact ? (
          <InboxTaskTable
            tasks={tasks}
            selection={offersBulk ? selection : null}
            labelledBy={resultsHeadingId}
            isBusy={isLoading}
          />
        ) : null}
        <InboxPagination page={params.page} pageCount={pageCount} onPageChange={(page) => changeParams({ page })} />
      </section>
    </>
  );
}

type BulkBarProps = { selection: TaskSelection; showsSelectPage: boolean; onApproved: (outcome: BulkOutcome) => void };

/** "Approve selected" with how many are ticked; on a phone, where no table header has it, "select all" too. */
function BulkBar({ selection, showsSelectPage, onApproved }: BulkBarProps) {
  const { t } = useTranslation('approvals');
  const { selected, selectable } = selection;
  return (
    <div className="ui-toolbar inbox-bulk">
      {showsSelectPage ? (
        <label className="approval-check">
          <input
            type="checkbox"
            checked={selected.length === selectable.length}
            ref={(input) => {
              if (input) input.indeterminate = selected.length > 0 && selected.length < selectable.length;
            }}
            onChange={selection.toggleAll}
          />
          {t('inbox.list.selectPage')}
        </label>
      ) : null}
      <BulkApprove selected={selected} onApproved={onApproved} />
      <span className="ui-hint">{t('inbox.bulk.hint')}</span>
    </div>
  );
}

/** Nothing in this tab: said per tab, and with a way out of a search that found nothing. */
function InboxEmpty({ params, onClearSearch }: { params: InboxParams; onClearSearch: () => void }) {
  const { t } = useTranslation('approvals');
  if (params.search) {
    return (
      <div className="ui-empty">
        <p>{t('inbox.list.empty.noResults', { search: params.search })}</p>
        <Button variant="secondary" onClick={onClearSearch}>
          {t('inbox.list.empty.clearSearch')}
        </Button>
      </div>
    );
  }
  return (
    <div className="ui-empty">
      <p>{t(`inbox.list.empty.${params.tab}`)}</p>
      {params.tab === 'mine' ? null : (
        <AppLink to="v1-approve-approvals" query={toInboxQuery({ ...params, tab: 'mine', page: 1 })}>
          {t('inbox.list.empty.toMine')}
        </AppLink>
      )}
    </div>
  );
}
