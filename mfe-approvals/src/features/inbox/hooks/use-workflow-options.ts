import type { WorkflowSummary } from '@formwerk/contracts';
import { useEffect, useState } from 'react';
import { listWorkflows } from '../api/inbox-api';

/**
 * The workflows the inbox can be filtered by. Someone who may not read the team's workflows gets none:
 * the filter then stays away, and the list works without it.
 */
export function useWorkflowOptions(): Pick<WorkflowSummary, 'id' | 'name'>[] {
  const [workflows, setWorkflows] = useState<Pick<WorkflowSummary, 'id' | 'name'>[]>([]);
  useEffect(() => {
    let isCurrent = true;
    listWorkflows().then(
      (result) => isCurrent && setWorkflows(result.workflows.map(({ id, name }) => ({ id, name }))),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  return workflows;
}
