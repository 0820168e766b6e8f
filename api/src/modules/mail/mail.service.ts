import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { enqueueJob, type JobDefinition } from '../../platform/jobs';
import type { Logger } from '../../platform/logger';
import { type MailRequest, renderMail } from './mail-messages';

const sendMailJobName = 'send-mail';

/** Queues a mail; a job worker sends it, retrying while the mail server is away. */
export async function queueMail(request: MailRequest): Promise<void> {
  await enqueueJob(sendMailJobName, request);
}

export type MailSettings = {
  /** Without it, mails are written as .eml files into `directory` (for `npm start` on a laptop). */
  smtpUrl?: string | undefined;
  from: string;
  directory: string;
  publicUrl: string;
};

export type OutgoingMail = { to: string; subject: string; text: string; html: string };

/**
 * Hands rendered mails to SMTP, or without SMTP_URL writes each as an .eml file named after `kind` and
 * its message id.
 * Throws when the mail server refuses, for the calling job to be retried.
 */
export function createMailSender(settings: MailSettings, logger: Logger) {
  const transport = settings.smtpUrl
    ? createTransport(settings.smtpUrl)
    : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (mail: OutgoingMail, kind: string): Promise<void> => {
    const info = await transport.sendMail({ from: settings.from, ...mail });
    if (settings.smtpUrl) return;
    await mkdir(settings.directory, { recursive: true });
    // Named by time for a person browsing the folder, and by the message's own id, unique per mail: two
    // mails of one kind in the same millisecond (a burst of notifications) once shared a name, and the
    // later overwrote the earlier. Created exclusively, so that can never happen silently again.
    const messageId = info.messageId.replace(/[^A-Za-z0-9.@-]/g, '');
    const file = join(settings.directory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${kind}-${messageId}.eml`);
    await writeFile(file, info.message as Buffer, { flag: 'wx' });
    logger.info({ file, to: mail.to, kind }, 'no SMTP_URL: mail kept as a file');
  };
}

/** The job that renders a queued mail in the recipient's language and hands it to SMTP or a file. */
export function createSendMailJob(settings: MailSettings, logger: Logger): JobDefinition<MailRequest> {
  const send = createMailSender(settings, logger);
  return {
    name: sendMailJobName,
    run: (request) => send({ to: request.to, ...renderMail(request, settings.publicUrl) }, request.kind),
  };
}
