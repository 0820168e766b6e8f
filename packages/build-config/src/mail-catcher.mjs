// A real SMTP server on 127.0.0.1 that keeps what it receives, for tests that follow mailed links.
// api tests read `mails` in process; `npm test` also passes `directory` so that the Playwright
// workers (other processes) can read each mail as a JSON file.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** @typedef {{ to: string[], from: string, subject: string, text: string, html: string, receivedAt: string }} CaughtMail */

/**
 * @param {import('mailparser').AddressObject | import('mailparser').AddressObject[] | undefined} field
 * @returns {string[]}
 */
function addressesOf(field) {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  return objects.flatMap((object) => object.value.map((address) => (address.address ?? '').toLowerCase()));
}

/**
 * @param {{ port?: number, directory?: string }} [options]
 */
export async function startMailCatcher({ port = 0, directory } = {}) {
  /** @type {CaughtMail[]} */
  const mails = [];
  /** @type {Set<() => void>} */
  const listeners = new Set();
  if (directory) mkdirSync(directory, { recursive: true });

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const mail = {
            to: addressesOf(parsed.to),
            from: addressesOf(parsed.from)[0] ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
          };
          mails.push(mail);
          if (directory) {
            // Written aside, then renamed: a reader polling the directory never sees half a mail.
            const file = join(directory, `${Date.now()}-${mails.length}.json`);
            writeFileSync(`${file}.part`, JSON.stringify(mail));
            renameSync(`${file}.part`, file);
          }
          for (const listener of listeners) listener();
          callback();
        },
        (error) => callback(error),
      );
    },
  });
  await new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.server.address());

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    /**
     * The first mail (received before or after the call) that matches, e.g. by recipient.
     * @param {(mail: CaughtMail) => boolean} isWanted
     * @param {{ timeoutMs?: number }} [options]
     * @returns {Promise<CaughtMail>}
     */
    waitForMail(isWanted, { timeoutMs = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = mails.find(isWanted);
          if (!mail) return false;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`No matching mail within ${timeoutMs} ms (${mails.length} received)`));
        }, timeoutMs);
        if (!check()) listeners.add(check);
      });
    },
    /** @returns {Promise<void>} */
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
