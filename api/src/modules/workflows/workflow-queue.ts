import { enqueueJob } from '../../platform/jobs';

/**
 * The jobs of approval workflows by name, and how to queue them. Apart from their definitions
 * (workflow-jobs.ts), so the submissions, teams and groups modules queue work without loading the
 * engine (which reads teams and groups itself: importing it from there would be a cycle).
 */
export const startInstanceJobName = 'start-workflow-instance';
export const sendInstanceMailsJobName = 'send-workflow-mails';
export const runInstanceTimersJobName = 'run-workflow-timers';
export const delegateOpenTasksJobName = 'delegate-open-tasks';
export const returnDelegatedTasksJobName = 'return-delegated-tasks';
export const reportLostAssigneeJobName = 'report-lost-assignee';

export type StartInstanceJob = { submissionId: string; workflowId: string };
export type InstanceJob = { instanceId: string };
export type AbsenceJob = { userId: string };
/** A member removed from the team, or a group of it deleted. */
export type LostAssigneeJob = { teamId: number } & (
  | { kind: 'user'; userId: string }
  | { kind: 'group'; groupId: string }
);

/** Starts the workflow of a stored submission soon, in a job: the submission's answer does not wait for it. */
export async function queueInstanceStart(data: StartInstanceJob): Promise<void> {
  await enqueueJob(startInstanceJobName, data);
}

export async function queueInstanceMails(instanceId: string): Promise<void> {
  await enqueueJob(sendInstanceMailsJobName, { instanceId } satisfies InstanceJob);
}

/** The instance's deadline actions, at `at`. A job that finds nothing due by then does nothing. */
export async function queueInstanceTimers(instanceId: string, at: Date): Promise<void> {
  await enqueueJob(runInstanceTimersJobName, { instanceId } satisfies InstanceJob, {
    delayMs: Math.max(0, at.getTime() - Date.now()),
  });
}

/** Hands the user's open tasks to their delegate when their absence begins (at once when it has). */
export async function queueOpenTasksDelegation(userId: string, at: Date): Promise<void> {
  await enqueueJob(delegateOpenTasksJobName, { userId } satisfies AbsenceJob, {
    delayMs: Math.max(0, at.getTime() - Date.now()),
  });
}

/**
 * Gives the user's parts that delegates hold undecided back to them at `at` (at once when past): when
 * the absence ends, and when it is removed or replaced. A job finding the absence still in force keeps
 * with its delegate what it covers, so one queued for an earlier end does no harm.
 */
export async function queueDelegatedTasksReturn(userId: string, at: Date): Promise<void> {
  await enqueueJob(returnDelegatedTasksJobName, { userId } satisfies AbsenceJob, {
    delayMs: Math.max(0, at.getTime() - Date.now()),
  });
}

/**
 * Reports the open tasks of the team that a removed member or a deleted group leaves without
 * someone to the team's owner and admins, soon: the removal does not wait for it.
 */
export async function queueLostAssigneeReport(data: LostAssigneeJob): Promise<void> {
  await enqueueJob(reportLostAssigneeJobName, data);
}
