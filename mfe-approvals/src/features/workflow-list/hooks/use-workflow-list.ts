import type { WorkflowSummary } from '@formwerk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { deleteWorkflow, duplicateWorkflow, listWorkflows } from '../api/workflow-list-api';

/**
 * The team's workflows, read again after every change, and the changes on a row with what they did:
 * `message` for the page's status region, `actionErrorKey` for its alert.
 */
export function useWorkflowList() {
  const { t } = useTranslation('approvals');
  const [workflows, setWorkflows] = useState<WorkflowSummary[] | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [message, setMessage] = useState('');
  const [actionErrorKey, setActionErrorKey] = useState<string | null>(null);
  // A reload that answers after a later one is dropped.
  const latestRequest = useRef(0);

  const reload = useCallback(() => {
    const request = ++latestRequest.current;
    setIsLoading(true);
    setErrorKey(null);
    listWorkflows().then(
      (result) => {
        if (request !== latestRequest.current) return;
        setWorkflows(result.workflows);
        setIsLoading(false);
      },
      (error: unknown) => {
        if (request !== latestRequest.current) return;
        setErrorKey(toErrorKey(error));
        setIsLoading(false);
      },
    );
  }, []);

  useEffect(reload, [reload]);

  const runAction = async (
    action: (workflowId: string) => Promise<unknown>,
    workflow: WorkflowSummary,
    doneKey: string,
  ) => {
    setMessage('');
    setActionErrorKey(null);
    try {
      await action(workflow.id);
    } catch (error) {
      setActionErrorKey(toErrorKey(error));
      return;
    }
    setMessage(t(doneKey, { name: workflow.name }));
    reload();
  };

  return {
    workflows,
    errorKey,
    isLoading,
    reload,
    message,
    actionErrorKey,
    duplicate: (workflow: WorkflowSummary) => runAction(duplicateWorkflow, workflow, 'workflows.list.done.duplicated'),
    remove: (workflow: WorkflowSummary) => runAction(deleteWorkflow, workflow, 'workflows.list.done.deleted'),
  };
}
