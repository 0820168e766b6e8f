import { AppError } from '../../platform/errors';
import type { JobDefinition } from '../../platform/jobs';
import type { Logger } from '../../platform/logger';
import type { MailSettings } from '../mail/mail.service';
import { delegateOpenTasks, returnDelegatedTasks } from './absences.service';
import { reportLostAssignee } from './lost-assignees';
import { repairUnfollowedInstances, startInstance, transitionInstance } from './workflow-instances';
import { createInstanceMailSender } from './workflow-mails';
import {
  type AbsenceJob,
  delegateOpenTasksJobName,
  type InstanceJob,
  type LostAssigneeJob,
  reportLostAssigneeJobName,
  returnDelegatedTasksJobName,
  runInstanceTimersJobName,
  type StartInstanceJob,
  sendInstanceMailsJobName,
  startInstanceJobName,
} from './workflow-queue';

export const repairInstancesJobName = 'repair-workflow-instances';

/**
 * The jobs of approval workflows: starting an instance, sending its mails, running its deadlines,
 * handing an absent approver's open tasks to their delegate and back, reporting tasks that lost an
 * assignee, and (every few minutes) repairing instances whose inbox entries, mails or timer a crash
 * left behind their state.
 */
export function createWorkflowJobs(
  settings: MailSettings,
  logger: Logger,
): [
  JobDefinition<StartInstanceJob>,
  JobDefinition<InstanceJob>,
  JobDefinition<InstanceJob>,
  JobDefinition<AbsenceJob>,
  JobDefinition<AbsenceJob>,
  JobDefinition<LostAssigneeJob>,
  JobDefinition<object>,
] {
  const sendMails = createInstanceMailSender(settings, logger);
  return [
    { name: startInstanceJobName, run: (data) => startInstance(data) },
    { name: sendInstanceMailsJobName, run: ({ instanceId }) => sendMails(instanceId) },
    {
      name: runInstanceTimersJobName,
      // Only what is due by now happens, each once (the engine marks it in the state the update guards).
      // The reminders and escalation mails go out here, not through a mail job of their own: a thousand
      // deadlines falling due at once are then a thousand jobs, not two thousand.
      run: async ({ instanceId }) => {
        const instance = await transitionInstance(instanceId, () => ({ type: 'timer' }), {
          isMailedByCaller: true,
        }).catch((error: unknown) => {
          // An instance removed since has no deadlines left.
          if (error instanceof AppError && error.status === 404) return null;
          throw error;
        });
        if (instance && Object.keys(instance.outbox).length > 0) await sendMails(instanceId);
      },
    },
    { name: delegateOpenTasksJobName, run: ({ userId }) => delegateOpenTasks(userId) },
    { name: returnDelegatedTasksJobName, run: ({ userId }) => returnDelegatedTasks(userId) },
    { name: reportLostAssigneeJobName, run: (data) => reportLostAssignee(data) },
    {
      name: repairInstancesJobName,
      everyMs: 5 * 60_000,
      run: async () => {
        const repaired = await repairUnfollowedInstances();
        if (repaired > 0) logger.warn({ repaired }, 'workflow instances repaired after an interrupted transition');
      },
    },
  ];
}
