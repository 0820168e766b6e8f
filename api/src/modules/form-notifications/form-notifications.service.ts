import {
  type Answers,
  answerAsText,
  type DeliveryChannel,
  type DeliveryFailure,
  type EmailSettings,
  type FormDefinition,
  type MailchimpAudiencesResponse,
} from '@formwerk/contracts';
import { trusted } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueJob, type JobDefinition } from '../../platform/jobs';
import type { Logger } from '../../platform/logger';
import { readFormSetting } from '../form-settings/form-settings.service';
import { findFormById, findFormOfTeam, type PublishedForm } from '../forms/forms.service';
import { findGroup } from '../groups/groups.service';
import { createMailSender, type MailSettings } from '../mail/mail.service';
import { type Notice, notify } from '../notifications/notifications.service';
import type { Submission } from '../submissions/submission.model';
import { findTeam } from '../teams/teams.service';
import { findUsersByIds } from '../users/users.service';
import { type FormDelivery, FormDeliveryModel } from './form-delivery.model';
import { listAudiences, MailchimpError, subscribeMember } from './mailchimp-client';
import { confirmationMail, renderQueuedMail, teamNotificationMail } from './notification-mails';

type Team = { teamId: number };
type DeliveryDraft = Pick<FormDelivery, 'channel' | 'to' | 'mail' | 'subscriber'> &
  Partial<Pick<FormDelivery, 'userId' | 'notice'>>;

export const formDeliveryJobName = 'deliver-form-notification';
// The first try and the six retries startJobWorker gives a failing job (platform/jobs.ts).
const attemptsBeforeGivingUp = 7;

/** The team members to notify: those chosen and the members of the chosen groups, each once. */
async function findRecipients(teamId: number, notify: EmailSettings['notify']) {
  if (notify.userIds.length === 0 && notify.groupIds.length === 0) return [];
  const team = await findTeam(teamId);
  // Someone who left the team since the tab was saved hears nothing more of its forms.
  const memberIds = new Set(team?.members.map((member) => member.userId.toString()) ?? []);
  const userIds = new Set(notify.userIds.filter((userId) => memberIds.has(userId)));
  for (const groupId of notify.groupIds) {
    const group = await findGroup(teamId, groupId).catch((error: unknown) => {
      // A group deleted since the tab was saved notifies nobody.
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    });
    for (const member of group?.members ?? []) if (memberIds.has(member.userId)) userIds.add(member.userId);
  }
  return findUsersByIds([...userIds]);
}

const emailAnswer = (answers: Answers, fieldId: string | null) => {
  const value = fieldId === null ? undefined : answers[fieldId];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

function fieldText(definition: FormDefinition, answers: Answers, fieldId: string | null): string {
  const field = definition.pages.flatMap((page) => page.fields).find((candidate) => candidate.id === fieldId);
  return field ? answerAsText(field, answers[field.id], definition.language).trim() : '';
}

/** The news in the notification centre that goes with a mail to the team. */
function submissionNotice(form: PublishedForm, submission: Submission): Notice {
  return {
    type: 'submissionReceived',
    params: {
      formTitle: form.definition.title,
      ...(typeof submission.seq === 'number' ? { submissionNumber: String(submission.seq) } : {}),
    },
    link: { route: 'v1-submissions-id', params: { id: submission._id.toString() } },
    submissionId: submission._id.toString(),
    formId: form.id,
  };
}

async function draftDeliveries(form: PublishedForm, submission: Submission): Promise<DeliveryDraft[]> {
  const context = { definition: form.definition, submission };
  const email = readFormSetting(form, 'email');
  const recipients = await findRecipients(form.teamId, email.notify);
  const notice = submissionNotice(form, submission);
  const drafts: DeliveryDraft[] = recipients.map((user) => ({
    channel: 'teamMail',
    to: user.email,
    mail: teamNotificationMail(context, { name: user.name, locale: user.locale }),
    subscriber: null,
    userId: user._id.toString(),
    notice,
  }));

  const respondent = emailAnswer(submission.answers, email.confirmation.emailFieldId);
  if (email.confirmation.isEnabled && respondent) {
    drafts.push({
      channel: 'confirmationMail',
      to: respondent,
      mail: confirmationMail(context, email.confirmation),
      subscriber: null,
    });
  }

  const mailchimp = readFormSetting(form, 'mailchimp');
  const subscriber = emailAnswer(submission.answers, mailchimp.emailFieldId);
  if (mailchimp.isEnabled && mailchimp.audienceId && form.secrets.mailchimpApiKey && subscriber) {
    drafts.push({
      channel: 'mailchimp',
      to: subscriber,
      mail: null,
      subscriber: {
        firstName: fieldText(form.definition, submission.answers, mailchimp.firstNameFieldId),
        lastName: fieldText(form.definition, submission.answers, mailchimp.lastNameFieldId),
      },
    });
  }
  return drafts;
}

/**
 * Queues what a new submission sets off: mails to the team and the respondent (email tab) and the
 * Mailchimp subscription (mailchimp tab), each a retried job whose fate the tabs show.
 */
export async function queueSubmissionNotifications(form: PublishedForm, submission: Submission): Promise<void> {
  const drafts = await draftDeliveries(form, submission);
  if (drafts.length === 0) return;
  const deliveries = await FormDeliveryModel.insertMany(
    drafts.map((draft) => ({ ...draft, formId: form.id, submissionId: submission._id })),
  );
  for (const delivery of deliveries) await enqueueJob(formDeliveryJobName, { deliveryId: delivery._id.toString() });
}

/**
 * The mails and subscriptions a submission set off, for its respondent's export: the address only where
 * it is theirs (a confirmation, a subscription), not the team members'.
 */
export async function findDeliveriesOfSubmission(submissionId: string) {
  const deliveries = await FormDeliveryModel.find({ submissionId }).lean<FormDelivery[]>();
  return deliveries.map((delivery) => ({
    channel: delivery.channel,
    status: delivery.status,
    to: delivery.channel === 'teamMail' ? null : delivery.to,
    createdAt: delivery.createdAt,
  }));
}

/** Erases what a submission set off: a mail or subscription still queued is not sent (its job finds nothing). */
export async function forgetDeliveriesOfSubmission(submissionId: string): Promise<void> {
  await FormDeliveryModel.deleteMany({ submissionId });
}

/** Subscribes with the key and audience saved now, so a key fixed after a failure counts for the retries. */
async function subscribe(delivery: FormDelivery): Promise<'sent' | 'dropped'> {
  const form = await findFormById(delivery.formId.toString());
  if (!form) return 'dropped';
  const settings = readFormSetting(form, 'mailchimp');
  if (!settings.isEnabled || !settings.audienceId) return 'dropped';
  const apiKey = form.secrets?.mailchimpApiKey;
  if (!apiKey) throw new MailchimpError('noKey', 'No Mailchimp API key is stored for this form', false);
  await subscribeMember(apiKey, settings.audienceId, {
    email: delivery.to,
    firstName: delivery.subscriber?.firstName ?? '',
    lastName: delivery.subscriber?.lastName ?? '',
    isDoubleOptIn: settings.doubleOptIn,
  });
  return 'sent';
}

function createDeliveryMailSender(settings: MailSettings, logger: Logger) {
  const send = createMailSender(settings, logger);
  return async (delivery: FormDelivery): Promise<'sent'> => {
    if (!delivery.mail) throw new Error(`Delivery ${delivery._id} has no mail to send`);
    await send({ to: delivery.to, ...renderQueuedMail(delivery.mail, settings.publicUrl) }, delivery.channel);
    return 'sent';
  };
}

/**
 * The job that sends one queued mail or subscription. Each failed attempt is recorded on the delivery
 * (what the tabs list); it is thrown again for the worker to retry unless Mailchimp refused the data.
 */
export function createFormDeliveryJob(settings: MailSettings, logger: Logger): JobDefinition<{ deliveryId: string }> {
  const sendMail = createDeliveryMailSender(settings, logger);
  return {
    name: formDeliveryJobName,
    run: async ({ deliveryId }) => {
      const delivery = await FormDeliveryModel.findById(deliveryId).lean<FormDelivery>();
      if (!delivery || delivery.status === 'sent') return;
      // In the app at once, whatever the mail server does; here rather than in the submission's
      // request, which stays one insert fast.
      if (delivery.userId && delivery.notice) {
        await notify([delivery.userId], delivery.notice);
        await FormDeliveryModel.updateOne({ _id: delivery._id }, { $set: { notice: null } });
      }
      const attempts = delivery.attempts + 1;
      const lastAttemptAt = new Date();
      let outcome: 'sent' | 'dropped';
      try {
        outcome = delivery.channel === 'mailchimp' ? await subscribe(delivery) : await sendMail(delivery);
      } catch (error) {
        const isRetryable = !(error instanceof MailchimpError) || error.isRetryable;
        await FormDeliveryModel.updateOne(
          { _id: delivery._id },
          {
            $set: {
              status: 'failed',
              attempts,
              lastAttemptAt,
              lastError: error instanceof Error ? error.message : String(error),
              willRetry: isRetryable && attempts < attemptsBeforeGivingUp,
            },
          },
        );
        if (isRetryable) throw error;
        return;
      }
      await FormDeliveryModel.updateOne(
        { _id: delivery._id },
        // Sent: the answers it carried are not kept here any longer.
        { $set: { status: outcome, attempts, lastAttemptAt, willRetry: false, mail: null, subscriber: null } },
      );
    },
  };
}

const channelsOf: Record<'mail' | 'mailchimp', DeliveryChannel[]> = {
  mail: ['teamMail', 'confirmationMail'],
  mailchimp: ['mailchimp'],
};

async function findFailures(formId: string, channels: DeliveryChannel[]): Promise<FormDelivery[]> {
  return FormDeliveryModel.find({ formId, status: 'failed', channel: trusted({ $in: channels }) })
    .sort({ lastAttemptAt: -1 })
    .limit(10)
    .lean<FormDelivery[]>();
}

/** The latest mails or subscriptions of a form's submissions that did not go through, newest first. */
export async function listDeliveryFailures(
  team: Team,
  formId: string,
  kind: 'mail' | 'mailchimp',
): Promise<DeliveryFailure[]> {
  await findFormOfTeam(team, formId);
  const failures = await findFailures(formId, channelsOf[kind]);
  return failures.map((failure) => ({
    at: (failure.lastAttemptAt ?? failure.updatedAt).toISOString(),
    channel: failure.channel,
    to: failure.to,
    message: failure.lastError ?? '',
    attempts: failure.attempts,
    willRetry: failure.willRetry,
    submissionId: failure.submissionId.toString(),
  }));
}

/** The audiences of the Mailchimp account of `apiKey`, or of the key stored for the form. */
export async function findMailchimpAudiences(
  team: Team,
  formId: string,
  apiKey: string | undefined,
): Promise<MailchimpAudiencesResponse> {
  const form = await findFormOfTeam(team, formId);
  const key = apiKey ?? form.secrets?.mailchimpApiKey;
  if (!key) return { isConnected: false, problem: 'noKey', message: 'No Mailchimp API key is stored for this form' };
  try {
    return { isConnected: true, audiences: await listAudiences(key) };
  } catch (error) {
    if (!(error instanceof MailchimpError)) throw error;
    return { isConnected: false, problem: error.problem, message: error.message };
  }
}
