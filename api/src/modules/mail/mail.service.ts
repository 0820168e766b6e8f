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

/** The job that renders a queued mail in the recipient's language and hands it to SMTP or a file. */
export function createSendMailJob(settings: MailSettings, logger: Logger): JobDefinition<MailRequest> {
  const transport = settings.smtpUrl
    ? createTransport(settings.smtpUrl)
    : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: sendMailJobName,
    run: async (request) => {
      const mail = renderMail(request, settings.publicUrl);
      const info = await transport.sendMail({ from: settings.from, to: request.to, ...mail });
      if (settings.smtpUrl) return;
      await mkdir(settings.directory, { recursive: true });
      const file = join(settings.directory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${request.kind}.eml`);
      await writeFile(file, info.message as Buffer);
      logger.info({ file, to: request.to, kind: request.kind }, 'no SMTP_URL: mail kept as a file');
    },
  };
}
