import { AppError } from '../../platform/errors';
import { isTeamMember } from '../teams/teams.service';
import { findUserById } from '../users/users.service';
import { type ApprovalTask, ApprovalTaskModel } from './approval-task.model';
import { type LostAssignee, losesAssignee } from './workflow-engine';
import { type WorkflowInstance, WorkflowInstanceModel } from './workflow-instance.model';
import { transitionInstance } from './workflow-instances';
import type { LostAssigneeJob } from './workflow-queue';
import { readWorkflowVersion } from './workflow-versions';

type InboxRow = Pick<ApprovalTask, 'instanceId' | 'teamId'>;
type RunningRow = Pick<WorkflowInstance, '_id' | 'workflowId' | 'version' | 'tasks'>;

/** The team's instances with an open task that `lost` leaves without someone. */
async function findAffectedInstanceIds(teamId: number, lost: LostAssignee): Promise<string[]> {
  if (lost.kind === 'user') {
    // The member's open tasks are their inbox entries to decide or to claim: equality on {userId, box}.
    const projection = { instanceId: 1, teamId: 1 };
    const entries = [
      ...(await ApprovalTaskModel.find({ userId: lost.userId, box: 'mine' }, projection).lean<InboxRow[]>()),
      ...(await ApprovalTaskModel.find({ userId: lost.userId, box: 'pool' }, projection).lean<InboxRow[]>()),
    ];
    return [...new Set(entries.filter((entry) => entry.teamId === teamId).map((entry) => entry.instanceId))];
  }
  // Open tasks keep the members a group brought in, not the group: the graph says which step named it.
  const running = await WorkflowInstanceModel.find(
    { teamId, status: 'running' },
    { workflowId: 1, version: 1, tasks: 1 },
  ).lean<RunningRow[]>();
  const affected: string[] = [];
  for (const instance of running) {
    const { graph } = await readWorkflowVersion(instance.workflowId.toString(), instance.version);
    if (Object.values(instance.tasks).some((task) => losesAssignee(graph, task, lost))) {
      affected.push(instance._id.toString());
    }
  }
  return affected;
}

/**
 * Tells the team's owner and admins of each open task that a member removed from the team or a
 * deleted group leaves without someone (on the instance's timeline, in the app and by mail as they
 * chose), by a transition of each instance: run by a job, queued by the teams and groups modules.
 */
export async function reportLostAssignee(job: LostAssigneeJob): Promise<void> {
  let lost: LostAssignee;
  if (job.kind === 'user') {
    // Taken back into the team before the job ran: nobody is missing.
    if (await isTeamMember(job.teamId, job.userId)) return;
    lost = { kind: 'user', userId: job.userId, name: (await findUserById(job.userId))?.name ?? null };
  } else {
    lost = { kind: 'group', groupId: job.groupId };
  }
  for (const instanceId of await findAffectedInstanceIds(job.teamId, lost)) {
    await transitionInstance(instanceId, () => ({ type: 'assigneeLost', lost })).catch((error: unknown) => {
      // An instance removed since has no task left to report.
      if (!(error instanceof AppError && error.status === 404)) throw error;
    });
  }
}
