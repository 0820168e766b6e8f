import { type CaughtMail, startMailCatcher } from '@formwerk/build-config/mail-catcher';
import { afterAll, beforeAll } from 'vitest';
import { createSendMailJob } from '../modules/mail/mail.service';
import { startJobWorker } from '../platform/jobs';
import { createLogger } from '../platform/logger';

type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;
export const testPublicUrl = 'http://forms.test';

/**
 * Call after `useTestDatabase()`: a real SMTP server on loopback receives what the api mails, sent by
 * a job worker polling every 100 ms, as in production.
 */
export function useMailCatcher() {
  let catcher: MailCatcher | undefined;
  let worker: { stop: () => Promise<void> } | undefined;
  const logger = createLogger({ level: 'silent' });

  beforeAll(async () => {
    catcher = await startMailCatcher();
    const job = createSendMailJob(
      { smtpUrl: catcher.url, from: 'Formwerk <no-reply@forms.test>', directory: '', publicUrl: testPublicUrl },
      logger,
    );
    worker = await startJobWorker({ definitions: [job], logger, processEveryMs: 100, firstRetryDelayMs: 200 });
  });
  afterAll(async () => {
    await worker?.stop();
    await catcher?.stop();
  });

  return {
    /** The mail to `to` whose subject matches (the one after the first `after` such mails), once it arrives. */
    async waitForMail(to: string, subject: RegExp, { after = 0 } = {}) {
      const running = catcher;
      if (!running) throw new Error('The mail catcher is not running');
      const matches = (mail: CaughtMail) => mail.to.includes(to) && subject.test(mail.subject);
      return running.waitForMail((mail) => matches(mail) && running.mails.filter(matches).indexOf(mail) >= after);
    },
    /** How many mails reached `to` so far (whose subject matches, when given). */
    countMailsTo(to: string, subject = /./): number {
      return catcher?.mails.filter((mail) => mail.to.includes(to) && subject.test(mail.subject)).length ?? 0;
    },
  };
}

/** The link of a mail (the one of the button), as a path with query, ready for supertest or the browser. */
export function linkOf(mail: { text: string }): URL {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`No link in the mail:\n${mail.text}`);
  return new URL(match[0]);
}
