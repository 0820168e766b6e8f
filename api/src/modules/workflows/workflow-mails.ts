import type { Logger } from '../../platform/logger';
import { createMailSender, type MailSettings } from '../mail/mail.service';
import { renderMail, type WorkflowMailRequest } from '../mail/mail-messages';
import { type Notice, notify, wantsMail } from '../notifications/notifications.service';
import { type OutboxEntry, type WorkflowInstance, WorkflowInstanceModel } from './workflow-instance.model';

// A mail marked as being sent this long ago belongs to a job that died: another job sends it.
const staleSendingMs = 5 * 60_000;

/** The notification in the app that goes with a mail to an account (a notify step's message is mail only). */
function noticeOf(mail: WorkflowMailRequest): Notice | null {
  switch (mail.kind) {
    case 'approval-task':
    case 'approval-reminder':
      return {
        type: mail.kind === 'approval-task' ? 'taskAssigned' : 'taskReminder',
        params: { workflowName: mail.workflowName, stepLabel: mail.stepLabel, formTitle: mail.formTitle },
        link: { route: 'v1-approve-id', params: { id: mail.taskId } },
      };
    case 'approval-changes-requested':
      return {
        type: 'changesRequested',
        params: {
          workflowName: mail.workflowName,
          stepLabel: mail.stepLabel,
          formTitle: mail.formTitle,
          actor: mail.by,
        },
        link: { route: 'v1-submissions-id-workflow', params: { id: mail.submissionId } },
      };
    case 'approval-ended':
      return {
        type: 'requestDecided',
        params: { workflowName: mail.workflowName, formTitle: mail.formTitle, outcome: mail.outcome },
        link: null,
      };
    case 'approval-escalated':
      return {
        type: 'taskEscalated',
        params: { workflowName: mail.workflowName, stepLabel: mail.stepLabel, formTitle: mail.formTitle },
        link: { route: 'v1-approve-id', params: { id: mail.taskId } },
      };
    case 'approval-commented':
      return {
        type: 'taskCommented',
        params: {
          workflowName: mail.workflowName,
          stepLabel: mail.stepLabel,
          formTitle: mail.formTitle,
          actor: mail.by,
        },
        link: { route: 'v1-approve-id', params: { id: mail.taskId } },
      };
    case 'approval-assignee-missing':
      return {
        type: 'assigneeMissing',
        params: { workflowName: mail.workflowName, stepLabel: mail.stepLabel, formTitle: mail.formTitle },
        link: mail.taskId
          ? { route: 'v1-approve-id', params: { id: mail.taskId } }
          : { route: 'v1-submissions-id-workflow', params: { id: mail.submissionId } },
      };
    case 'workflow-notification':
      return null;
  }
}

/** The instance whose outbox is sent: its submission and form are what its notices are about. */
type OutboxOwner = Pick<WorkflowInstance, '_id' | 'submissionId' | 'formId'>;

/**
 * Sends the mails in an instance's outbox, each once: a guarded update marks it as being sent (of two
 * jobs draining at once, one gets each mail), and it leaves the outbox once sent. A failure unmarks it
 * and fails the job, which the queue retries. The outbox paths are its own, so this never races a
 * transition (which adds entries under new paths and bumps `rev`).
 */
export function createInstanceMailSender(settings: MailSettings, logger: Logger) {
  const sendEntry = createOutboxEntrySender(settings, logger);
  return async (instanceId: string): Promise<void> => {
    const instance = await WorkflowInstanceModel.findById(instanceId, { outbox: 1, submissionId: 1, formId: 1 }).lean<
      OutboxOwner & Pick<WorkflowInstance, 'outbox'>
    >();
    if (!instance) return;
    for (const [id, entry] of Object.entries(instance.outbox)) await sendEntry(instance, id, entry);
  };
}

/**
 * Sends one outbox entry as read by the caller, unless another job has it or has sent it already.
 * The claim matches the entry's mail as well as its mark: a missing mark equals null, so without the
 * mail a job holding a copy read before another job sent and removed the entry would claim it again
 * (and send it twice, re-creating a half entry).
 */
export function createOutboxEntrySender(settings: MailSettings, logger: Logger) {
  const send = createMailSender(settings, logger);
  return async (instance: OutboxOwner, id: string, entry: OutboxEntry): Promise<void> => {
    const instanceId = instance._id;
    const path = `outbox.${id}.sendingSince`;
    const isStale = entry.sendingSince !== null && Date.now() - Date.parse(entry.sendingSince) > staleSendingMs;
    if (entry.sendingSince !== null && !isStale) return;
    const sendingSince = new Date().toISOString();
    const claimed = await WorkflowInstanceModel.updateOne(
      { _id: instanceId, [`outbox.${id}.mail.kind`]: entry.mail.kind, [path]: entry.sendingSince },
      { $set: { [path]: sendingSince } },
    );
    if (claimed.modifiedCount === 0) return;
    const notice = entry.userId ? noticeOf(entry.mail) : null;
    const isMailed = !entry.userId || !notice || (await wantsMail(entry.userId, notice.type));
    try {
      if (isMailed) await send({ to: entry.mail.to, ...renderMail(entry.mail, settings.publicUrl) }, entry.mail.kind);
    } catch (error) {
      await WorkflowInstanceModel.updateOne({ _id: instanceId, [path]: sendingSince }, { $set: { [path]: null } });
      throw error;
    }
    // After the mail: a retry of a failed mail does not notify twice.
    if (entry.userId && notice) {
      const about = { submissionId: instance.submissionId.toString(), formId: instance.formId.toString() };
      await notify([entry.userId], { ...notice, ...about });
    }
    await WorkflowInstanceModel.updateOne({ _id: instanceId }, { $unset: { [`outbox.${id}`]: '' } });
  };
}
