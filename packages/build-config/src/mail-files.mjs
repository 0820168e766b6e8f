// The mails an api without SMTP_URL keeps as `<time>-<kind>-<id>.eml` files (api mail.service.ts),
// read back by the browser tests and the benchmarks that play a user following a mailed link.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Undoes quoted-printable: soft line breaks and `=XX` bytes. */
function decodeQuotedPrintable(text) {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The path and query of the first link in the `kind` mail to `to` (any recipient when omitted) in
 * `directory`, once its file is there.
 */
export async function waitForMailFileLink(directory, { kind, to, timeoutMs = 15_000 }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = existsSync(directory) ? readdirSync(directory) : [];
    for (const name of files.filter((file) => file.includes(`-${kind}-`) && file.endsWith('.eml'))) {
      const text = decodeQuotedPrintable(readFileSync(join(directory, name), 'utf8'));
      if (to && !text.includes(to)) continue;
      const link = text.match(/https?:\/\/[^\s"<>]+/)?.[0];
      if (!link) throw new Error(`The mail ${name} has no link`);
      const url = new URL(link);
      return `${url.pathname}${url.search}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No ${kind} mail${to ? ` to ${to}` : ''} in ${directory} within ${timeoutMs} ms`);
}
