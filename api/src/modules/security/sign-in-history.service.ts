import type { SignInHistory, SignInMethod } from '@formwerk/contracts';
import { isDuplicateKey } from '../../platform/db';
import { defineExpiringCollection, expiryHourOf, hourMs } from '../../platform/expiring-documents';
import { queueMail } from '../mail/mail.service';
import type { User } from '../users/user.model';
import { markSignedIn } from '../users/users.service';
import { describeDevice } from './device-names';
import { type SignInHistoryDocument, SignInHistoryModel, type StoredSignIn } from './sign-in-history.model';
import type { SecondFactor } from './two-factor.service';

/** Who signs in, as the request shows it: its address, its User-Agent, and whether it signed in to the account before. */
export type SignInClient = { ipAddress: string; userAgent: string; isKnownDevice: boolean };

const keptMs = 90 * 24 * hourMs;
// What one document holds at most (a sign-in a day for three months); past this plus the slack it is
// written back shorter, so a trim is one write per twenty sign-ins, not one each.
const maxEntries = 100;
const trimSlack = 20;
// Expired entries are never shown; the list is written back without them at most once a day.
const expiredTrimAfterMs = 24 * hourMs;
export const signInHistoryPageSize = 20;

/** Histories whose newest entry is 90 days old, for the housekeeping job. */
export const expiringSignInHistories = defineExpiringCollection(SignInHistoryModel, 'expiresAt');

async function addEntry(userId: string, entry: StoredSignIn): Promise<void> {
  const expiresAt = new Date(entry.at.getTime() + keptMs);
  // By the user's id alone: one atomic update, which the embedded database runs per document (decision 013).
  const push = () =>
    SignInHistoryModel.findOneAndUpdate(
      { _id: userId },
      { $push: { entries: entry }, $inc: { added: 1 }, $set: { expiresAt, expiresHour: expiryHourOf(expiresAt) } },
      { upsert: true, new: true },
    ).lean<SignInHistoryDocument>();
  // The first two sign-ins at once both try to insert; the loser adds to the winner's document.
  const history = await push().catch((error: unknown) => {
    if (isDuplicateKey(error)) return push();
    throw error;
  });
  if (history) await trimIfDue(history, entry.at.getTime());
}

async function trimIfDue(history: SignInHistoryDocument, now: number): Promise<void> {
  const cutoff = now - keptMs;
  const oldest = history.entries[0]?.at.getTime() ?? now;
  if (history.entries.length <= maxEntries + trimSlack && oldest >= cutoff - expiredTrimAfterMs) return;
  const kept = history.entries.filter((entry) => entry.at.getTime() >= cutoff).slice(-maxEntries);
  // Only if no sign-in was added meanwhile (it would be lost); the next one trims instead.
  await SignInHistoryModel.updateOne({ _id: history._id, added: history.added }, { $set: { entries: kept } });
}

/**
 * Records a sign-in that opened a session. From a browser that never signed in to the account (no
 * known-device cookie), the owner is mailed when, where from and with what, and what to do if it was
 * not them; the account's very first sign-in (its creation, its confirmation) is no news.
 */
export async function recordSignIn(
  user: Pick<User, '_id' | 'email' | 'name' | 'locale'>,
  { method, secondFactor, client }: { method: SignInMethod; secondFactor: SecondFactor | null; client: SignInClient },
): Promise<void> {
  const userId = user._id.toString();
  const at = new Date();
  const device = describeDevice(client.userAgent);
  await addEntry(userId, { at, ipAddress: client.ipAddress, ...device, method, secondFactor, result: 'succeeded' });
  const previousSignIn = await markSignedIn(userId, at);
  if (client.isKnownDevice || previousSignIn === null) return;
  await queueMail({
    kind: 'new-sign-in',
    to: user.email,
    locale: user.locale as 'de' | 'en',
    name: user.name,
    at: at.toISOString(),
    ...device,
    ipAddress: client.ipAddress,
    method,
  });
}

/** Records a wrong second factor after the right password: the history shows that someone knew it. */
export async function recordFailedSecondStep(
  userId: string,
  { method, secondFactor, client }: { method: SignInMethod; secondFactor: SecondFactor; client: SignInClient },
): Promise<void> {
  const entry = { at: new Date(), ipAddress: client.ipAddress, ...describeDevice(client.userAgent) };
  await addEntry(userId, { ...entry, method, secondFactor, result: 'failed' });
}

/** A page of the user's sign-ins of the last 90 days, newest first: one read of one document. */
export async function findSignInHistory(userId: string, page: number, now = Date.now()): Promise<SignInHistory> {
  const history = await SignInHistoryModel.findById(userId).lean<SignInHistoryDocument>();
  const live = (history?.entries ?? []).filter((entry) => entry.at.getTime() >= now - keptMs).reverse();
  const pageCount = Math.max(1, Math.ceil(live.length / signInHistoryPageSize));
  const shown = Math.min(page, pageCount);
  const entries = live.slice((shown - 1) * signInHistoryPageSize, shown * signInHistoryPageSize);
  return {
    entries: entries.map((entry) => ({
      at: entry.at.toISOString(),
      ipAddress: entry.ipAddress,
      browser: entry.browser,
      os: entry.os,
      method: entry.method,
      secondFactor: entry.secondFactor,
      result: entry.result,
    })),
    page: shown,
    pageCount,
    total: live.length,
  };
}
