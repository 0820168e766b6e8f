import type { WorkflowSummary } from '@formwerk/contracts';
import { AppLink, formatDateTime, useLocale } from '@formwerk/platform';
import { Button, ListPage, TableFrame } from '@formwerk/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../components/workflow-pages.css';
import { useWorkflowList } from '../hooks/use-workflow-list';
import { CreateWorkflowDialog } from './create-workflow-dialog';
import { DeleteWorkflowDialog } from './delete-workflow-dialog';
import './workflow-list.css';
import { HiddenSuffix } from '../../../components/workflow-hidden-suffix';

/** /v1/approve/workflows: the team's approval workflows, to create, open, duplicate and delete. */
export function WorkflowListPage() {
  const { t } = useTranslation('approvals');
  const locale = useLocale();
  const { workflows, errorKey, isLoading, reload, message, actionErrorKey, duplicate, remove } = useWorkflowList();
  const [isCreating, setIsCreating] = useState(false);
  const [workflowToDelete, setWorkflowToDelete] = useState<WorkflowSummary | null>(null);
  // Where focus goes when the row it was in disappears.
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const onConfirmDelete = async (workflow: WorkflowSummary) => {
    setWorkflowToDelete(null);
    await remove(workflow);
    resultsHeading.current?.focus();
  };

  const createButton = <Button onClick={() => setIsCreating(true)}>{t('workflows.list.newWorkflow')}</Button>;

  return (
    <>
      <ListPage
        eyebrow={t('area')}
        title={t('pages.workflows.title')}
        description={t('pages.workflows.description')}
        actions={workflows?.length ? createButton : null}
        resultsId="workflow-list-results"
        resultsTitle={workflows ? t('workflows.list.count', { count: workflows.length }) : t('pages.workflows.title')}
        resultsHeadingRef={resultsHeading}
        isLoading={isLoading}
        loadingText={t('workflows.loading')}
        message={message}
        actionError={actionErrorKey ? t(actionErrorKey) : undefined}
        loadError={errorKey ? t(errorKey) : undefined}
        retryText={t('workflows.retry')}
        onRetry={reload}
        empty={
          workflows?.length === 0 ? (
            <>
              <p className="workflow-list-empty-text">{t('workflows.list.empty.what')}</p>
              <p className="workflow-list-empty-text">{t('workflows.list.empty.how')}</p>
              {createButton}
            </>
          ) : null
        }
      >
        {workflows?.length ? (
          <TableFrame labelledBy="workflow-list-results">
            <table className="ui-table" aria-labelledby="workflow-list-results" aria-busy={isLoading}>
              <thead>
                <tr>
                  <th scope="col">{t('workflows.list.columns.name')}</th>
                  <th scope="col">{t('workflows.list.columns.forms')}</th>
                  <th scope="col">{t('workflows.list.columns.version')}</th>
                  <th scope="col">{t('workflows.list.columns.running')}</th>
                  <th scope="col">{t('workflows.list.columns.updated')}</th>
                  <th scope="col">{t('workflows.list.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {workflows.map((workflow) => (
                  <tr key={workflow.id}>
                    <td className="workflow-list-name">
                      <AppLink to="v1-workflow-id" params={{ id: workflow.id }}>
                        {workflow.name}
                      </AppLink>
                    </td>
                    <td>
                      {workflow.forms.length
                        ? workflow.forms.map((form) => form.title).join(', ')
                        : t('workflows.list.noForms')}
                    </td>
                    <td>
                      <span className={`ui-badge${workflow.publishedVersion === null ? '' : ' ui-badge--published'}`}>
                        {workflow.publishedVersion === null
                          ? t('workflows.status.draft')
                          : t('workflows.status.version', { version: workflow.publishedVersion })}
                      </span>{' '}
                      {workflow.publishedVersion !== null && workflow.hasUnpublishedChanges ? (
                        <span className="ui-badge workflows-badge--changed">
                          {t('workflows.status.unpublishedChanges')}
                        </span>
                      ) : null}
                    </td>
                    <td>{workflow.runningCount}</td>
                    <td>
                      <time dateTime={workflow.updatedAt}>{formatDateTime(new Date(workflow.updatedAt), locale)}</time>
                    </td>
                    <td>
                      <div className="workflow-list-row-actions">
                        <AppLink
                          to="v1-workflow-id"
                          params={{ id: workflow.id }}
                          className="ui-button ui-button--ghost ui-button--small"
                        >
                          {t('workflows.list.actions.open')}
                          <HiddenSuffix text={t('workflows.quoted', { text: workflow.name })} />
                        </AppLink>
                        <Button variant="ghost" className="ui-button--small" onClick={() => void duplicate(workflow)}>
                          {t('workflows.list.actions.duplicate')}
                          <HiddenSuffix text={t('workflows.quoted', { text: workflow.name })} />
                        </Button>
                        <Button
                          variant="ghost"
                          className="ui-button--small ui-button--danger"
                          onClick={() => setWorkflowToDelete(workflow)}
                        >
                          {t('workflows.list.actions.delete')}
                          <HiddenSuffix text={t('workflows.quoted', { text: workflow.name })} />
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        ) : null}
      </ListPage>
      <CreateWorkflowDialog isOpen={isCreating} onClose={() => setIsCreating(false)} />
      <DeleteWorkflowDialog
        workflow={workflowToDelete}
        onConfirm={(workflow) => void onConfirmDelete(workflow)}
        onCancel={() => setWorkflowToDelete(null)}
      />
    </>
  );
}
