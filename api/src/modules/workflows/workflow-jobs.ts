import { AppError } from '../../platform/errors';
import type { JobDefinition } from '../../platform/jobs';
import type { Logger } from '../../platform/logger';
import type { MailSettings } from '../mail/mail.service';
import { delegateOpenTasks } from './absences.service';
import { reportLostAssignee } from './lost-assignees';
import { startInstance, transitionInstance } from './workflow-instances';
import { createInstanceMailSender } from './workflow-mails';
import {
  type AbsenceJob,
  delegateOpenTasksJobName,
  type InstanceJob,
  type LostAssigneeJob,
  reportLostAssigneeJobName,
  runInstanceTimersJobName,
  type StartInstanceJob,
  sendInstanceMailsJobName,
  startInstanceJobName,
} from './workflow-queue';

/**
 * The jobs of approval workflows: starting an instance, sending its mails, running its deadlines,
 * handing an absent approver's open tasks to their delegate, and reporting tasks that lost an assignee.
 */
export function createWorkflowJobs(
  settings: MailSettings,
  logger: Logger,
): [
  JobDefinition<StartInstanceJob>,
  JobDefinition<InstanceJob>,
  JobDefinition<InstanceJob>,
  JobDefinition<AbsenceJob>,
  JobDefinition<LostAssigneeJob>,
] {
  const sendMails = createInstanceMailSender(settings, logger);
  return [
    { name: startInstanceJobName, run: (data) => startInstance(data) },
    { name: sendInstanceMailsJobName, run: ({ instanceId }) => sendMails(instanceId) },
    {
      name: runInstanceTimersJobName,
      // Only what is due by now happens, each once (the engine marks it in the state the update guards).
      run: async ({ instanceId }) => {
        await transitionInstance(instanceId, () => ({ type: 'timer' })).catch((error: unknown) => {
          // An instance removed since has no deadlines left.
          if (!(error instanceof AppError && error.status === 404)) throw error;
        });
      },
    },
    { name: delegateOpenTasksJobName, run: ({ userId }) => delegateOpenTasks(userId) },
    { name: reportLostAssigneeJobName, run: (data) => reportLostAssignee(data) },
  ];
}
