import { enqueueJob } from '../../platform/jobs';

/**
 * The jobs of approval workflows by name, and how to queue them. Apart from their definitions
 * (workflow-jobs.ts), so the submissions module queues a start without loading the engine.
 */
export const startInstanceJobName = 'start-workflow-instance';
export const sendInstanceMailsJobName = 'send-workflow-mails';
export const runInstanceTimersJobName = 'run-workflow-timers';
export const delegateOpenTasksJobName = 'delegate-open-tasks';

export type StartInstanceJob = { submissionId: string; workflowId: string };
export type InstanceJob = { instanceId: string };
export type AbsenceJob = { userId: string };

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
