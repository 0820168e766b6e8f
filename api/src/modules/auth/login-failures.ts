import { setTimeout as sleep } from 'node:timers/promises';
import { countInWindow, readWindowCount } from '../../platform/rate-limit';
import { queueMail } from '../mail/mail.service';
import { findUserByEmail } from '../users/users.service';

// Failed sign-ins to one account, from anywhere, counted per quarter hour. They never lock the
// account: past `slowDownAfter` each further try from a browser that never signed in to it waits
// longer, and at `mailAt` its owner is told by mail. The hard limits are per address (auth.router).
const failureWindowMs = 15 * 60_000;
const slowDownAfter = 10;
const mailAt = 20;
const firstDelayMs = 500;
const maxDelayMs = 8_000;

const keyOf = (email: string) => `login-failures:${email.trim().toLowerCase()}`;

/** How long a sign-in waits after `failures` failed ones to the account in the current window. */
export function slowDownOf(failures: number): number {
  if (failures < slowDownAfter) return 0;
  return Math.min(firstDelayMs * 2 ** (failures - slowDownAfter), maxDelayMs);
}

/**
 * Waits as long as the account's recent failures ask, unless the request comes from a browser that
 * signed in to this account before (`knownUserId`, from its device cookie).
 */
export async function waitOutLoginFailures(email: string, knownUserId: string | undefined): Promise<void> {
  const delayMs = slowDownOf(await readWindowCount(keyOf(email), failureWindowMs));
  if (delayMs === 0) return;
  if (knownUserId !== undefined && (await findUserByEmail(email))?._id.toString() === knownUserId) return;
  await sleep(delayMs);
}

/** Counts a failed sign-in; the one that reaches `mailAt` mails the account's owner, once per window. */
export async function recordLoginFailure(email: string): Promise<void> {
  const failures = await countInWindow(keyOf(email), failureWindowMs);
  if (failures !== mailAt) return;
  const user = await findUserByEmail(email);
  if (user) {
    await queueMail({ kind: 'login-failures', to: user.email, locale: user.locale, name: user.name, failures });
  }
}
