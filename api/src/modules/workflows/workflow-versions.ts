import { AppError } from '../../platform/errors';
import { type WorkflowVersion, WorkflowVersionModel } from './workflow-version.model';

// Published versions never change: each process keeps those it read (every transition of an
// instance needs its graph), up to this many, the oldest read leaving first.
const keptVersions = 500;
const kept = new Map<string, WorkflowVersion>();

/** A published version of a workflow, from this process's copy when it has one. */
export async function readWorkflowVersion(workflowId: string, version: number): Promise<WorkflowVersion> {
  const key = `${workflowId}:${version}`;
  const copy = kept.get(key);
  if (copy) return copy;
  const stored = await WorkflowVersionModel.findOne({ workflowId, version }).lean<WorkflowVersion>();
  if (!stored) throw new AppError('NOT_FOUND', 404, 'No such workflow version');
  if (kept.size >= keptVersions) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
  kept.set(key, stored);
  return stored;
}
