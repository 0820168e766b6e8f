import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChangeInboxParams, InboxParams } from '../hooks/use-inbox-params';
import { useWorkflowOptions } from '../hooks/use-workflow-options';

type InboxToolbarProps = { params: InboxParams; onParamsChange: ChangeInboxParams };

const searchDelayMs = 300;

/** Search (sent once typing pauses) and the workflow filter; any change starts at page 1. */
export function InboxToolbar({ params, onParamsChange }: InboxToolbarProps) {
  const { t } = useTranslation('approvals');
  const workflows = useWorkflowOptions();
  const [searchText, setSearchText] = useState(params.search);

  // Back and forward change the address: the field follows it.
  useEffect(() => setSearchText(params.search), [params.search]);

  useEffect(() => {
    if (searchText === params.search) return;
    // One history entry per search, not per keystroke.
    const timer = setTimeout(() => onParamsChange({ search: searchText, page: 1 }, { replace: true }), searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchText, params.search, onParamsChange]);

  return (
    <div className="ui-toolbar inbox-toolbar">
      <label className="ui-field">
        {t('inbox.list.search')}
        <input
          type="search"
          value={searchText}
          maxLength={100}
          onChange={(event) => setSearchText(event.target.value)}
        />
      </label>
      {workflows.length > 0 || params.workflowId ? (
        <label className="ui-field">
          {t('inbox.list.workflow')}
          <select
            value={params.workflowId}
            onChange={(event) => onParamsChange({ workflowId: event.target.value, page: 1 })}
          >
            <option value="">{t('inbox.list.allWorkflows')}</option>
            {workflows.map((workflow) => (
              <option key={workflow.id} value={workflow.id}>
                {workflow.name}
              </option>
            ))}
            {params.workflowId && !workflows.some((workflow) => workflow.id === params.workflowId) ? (
              <option value={params.workflowId}>{t('inbox.list.chosenWorkflow')}</option>
            ) : null}
          </select>
        </label>
      ) : null}
    </div>
  );
}
