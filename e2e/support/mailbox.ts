import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaughtMail } from '@formwerk/build-config/mail-catcher';

// `npm test` runs a real SMTP server for the site and keeps every mail it receives as a JSON file here.
const mailboxDirectory = process.env.MAILBOX_DIR;

function readMails(): CaughtMail[] {
  if (!mailboxDirectory) throw new Error('MAILBOX_DIR is not set: run the browser tests through `npm test`');
  return readdirSync(mailboxDirectory)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(mailboxDirectory, file), 'utf8')) as CaughtMail);
}

/** The `index`-th mail to `to` whose subject matches (counting from 0), once it has arrived. */
export async function waitForMail(
  to: string,
  subject: RegExp,
  { index = 0, timeoutMs = 15_000 } = {},
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = readMails().filter((candidate) => candidate.to.includes(to) && subject.test(candidate.subject))[index];
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

/** The link of that mail as a path for the browser. */
export async function waitForMailLink(
  to: string,
  subject: RegExp,
  options: { index?: number; timeoutMs?: number } = {},
): Promise<string> {
  const mail = await waitForMail(to, subject, options);
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`The mail to ${to} matching ${subject} has no link`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
