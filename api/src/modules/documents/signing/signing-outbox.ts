import { randomUUID } from 'node:crypto';
import { enqueueJob } from '../../../platform/jobs';
import { queueMail } from '../../mail/mail.service';
import type { MailRequest, SigningMailRequest } from '../../mail/mail-messages';
import type { AuditEventData } from '../sealing/audit-trail';
import { signingTokenOf } from './signing-links';
import { SigningRequestModel, type StoredSigningRequest } from './signing-request.model';

// What a transition sets off (mails, timed jobs) is written into the request's outbox by the same
// update that changes its state, so a crash after it loses nothing: the follow-up, or the repair job
// after it, queues each entry once.

type WithoutToken<Mail> = Mail extends unknown ? Omit<Mail, 'token'> : never;

/** A mail as the outbox keeps it: without the link's token, which is made again when it is queued. */
export type OutboxMail = WithoutToken<SigningMailRequest>;

export type OutboxEntry =
  | { kind: 'mail'; recipientId: string | null; mail: OutboxMail; claimedAt: string | null }
  | { kind: 'job'; name: string; data: Record<string, string | number>; runAt: string; claimedAt: string | null };

/** An audit event a transition records, under the key that names it once (signing-events.ts). */
export type TransitionEvent = { key: string; data: AuditEventData };

/** What a transition adds besides its state: events for the trail, entries for the outbox by id. */
export type Effects = { events: TransitionEvent[]; outbox: Record<string, OutboxEntry> };

export const createEffects = (): Effects => ({ events: [], outbox: {} });

/** A mail to a recipient (or, with null, to the sender), and the `mailed` event that records it. */
export function addMail(effects: Effects, recipientId: string | null, mail: OutboxMail, now: Date): void {
  const id = randomUUID();
  effects.outbox[id] = { kind: 'mail', recipientId, mail, claimedAt: null };
  effects.events.push({
    key: `mailed:${id}`,
    data: { type: 'mailed', at: now.toISOString(), mail: mail.kind, to: mail.to, recipientId },
  });
}

/** A job to queue at `runAt` (at once when that has passed). */
export function addJob(effects: Effects, name: string, data: Record<string, string | number>, runAt: Date): void {
  effects.outbox[randomUUID()] = { kind: 'job', name, data, runAt: runAt.toISOString(), claimedAt: null };
}

/** The mail with its recipient's link, made from the ids (signing-links.ts). */
function toMailRequest(requestId: string, recipientId: string | null, mail: OutboxMail): MailRequest {
  const tokenOf = () => {
    if (recipientId === null) throw new Error(`A ${mail.kind} mail needs its recipient`);
    return signingTokenOf(requestId, recipientId);
  };
  switch (mail.kind) {
    case 'signing-requested':
    case 'signing-copy':
      return { ...mail, token: tokenOf() };
    case 'signing-completed':
      return { ...mail, token: recipientId === null ? null : tokenOf() };
    default:
      return mail;
  }
}

// An entry claimed this long ago belongs to a follow-up that died: another one queues it.
const staleClaimMs = 5 * 60_000;

/**
 * Queues one outbox entry as read by the caller, unless another follow-up has it or has queued it. The
 * claim matches the entry's `kind`, which every entry has, as well as its mark: a missing mark equals
 * null, so a follow-up holding a copy read before another queued and removed the entry would otherwise
 * claim it again and queue it twice (decision 017's last paragraph).
 */
async function queueEntry(request: StoredSigningRequest, id: string, entry: OutboxEntry): Promise<void> {
  const path = `outbox.${id}.claimedAt`;
  const isStale = entry.claimedAt !== null && Date.now() - Date.parse(entry.claimedAt) > staleClaimMs;
  if (entry.claimedAt !== null && !isStale) return;
  const claimedAt = new Date().toISOString();
  const claimed = await SigningRequestModel.updateOne(
    { _id: request._id, [`outbox.${id}.kind`]: entry.kind, [path]: entry.claimedAt },
    { $set: { [path]: claimedAt } },
  );
  if (claimed.modifiedCount === 0) return;
  try {
    if (entry.kind === 'mail') await queueMail(toMailRequest(request._id.toString(), entry.recipientId, entry.mail));
    else await enqueueJob(entry.name, entry.data, { delayMs: Math.max(0, Date.parse(entry.runAt) - Date.now()) });
  } catch (error) {
    await SigningRequestModel.updateOne({ _id: request._id, [path]: claimedAt }, { $set: { [path]: null } });
    throw error;
  }
  await SigningRequestModel.updateOne({ _id: request._id }, { $unset: { [`outbox.${id}`]: '' } });
}

/** Queues every entry of the request's outbox, each once. */
export async function drainOutbox(request: StoredSigningRequest): Promise<void> {
  for (const [id, entry] of Object.entries(request.outbox)) await queueEntry(request, id, entry);
}
