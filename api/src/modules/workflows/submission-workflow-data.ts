import { ApprovalTaskModel } from './approval-task.model';
import { isEnded } from './workflow-engine';
import { type WorkflowInstance, WorkflowInstanceModel } from './workflow-instance.model';
import { findInstanceOfSubmission } from './workflow-instances';
import { countRunningInstance } from './workflows.service';

// A respondent's own access to the approval their submission started (module privacy, decision 031):
// everything by equality on `submissionId`, which both collections index.

/** The submission's approval as stored: its workflow, state, answers and history; null when none started. */
export async function findWorkflowOfSubmission(submissionId: string) {
  const instance = await findInstanceOfSubmission(submissionId);
  if (!instance) return null;
  return {
    name: instance.workflowName,
    status: instance.status,
    startedAt: instance.createdAt,
    endedAt: instance.endedAt,
    answers: instance.answers,
    timeline: instance.timeline,
  };
}

/**
 * Erases the submission's approval: the instance (answers, history, mails not yet sent) and every inbox
 * entry of it; a running one no longer counts as running. The entries go after the instance, so a
 * follow-up that was writing them as the instance went finds nothing to write them for again.
 */
export async function forgetWorkflowOfSubmission(submissionId: string): Promise<void> {
  // Whole: FerretDB implements no projection on findAndModify.
  const removed = await WorkflowInstanceModel.findOneAndDelete({ submissionId }).lean<WorkflowInstance>();
  await ApprovalTaskModel.deleteMany({ submissionId });
  if (removed && !isEnded(removed.status)) await countRunningInstance(removed.workflowId.toString(), -1);
}
