import { Types } from 'mongoose';
import { AppError } from '../../../platform/errors';
import { enqueueJob } from '../../../platform/jobs';
import { mailExpired, mailTurn } from './signing-mails';
import { addJob, createEffects } from './signing-outbox';
import {
  expireSigningRequestJobName,
  remindSigningRecipientsJobName,
  type SigningReminderJob,
  type SigningRequestJob,
} from './signing-queue';
import type { StoredSigningRequest } from './signing-request.model';
import { isBlocking } from './signing-stages';
import { findSigningRequestById, transitionRequest } from './signing-transitions';

// The request's timed jobs, each queued through the outbox by the transition that makes it due: the
// reminders (one round after the other) and the expiry.

const dayMs = 24 * 60 * 60_000;

/** When the reminder after one at `from` is due, or null when the request expires first. */
export function nextReminderAt(request: Pick<StoredSigningRequest, 'reminderEveryDays' | 'expiresAt'>, from: Date) {
  if (request.reminderEveryDays === null) return null;
  const at = new Date(from.getTime() + request.reminderEveryDays * dayMs);
  return at < request.expiresAt ? at : null;
}

/**
 * A reminder round: everyone whose turn it is and who has not acted is mailed again, and the next round
 * queued. Only the round the request names acts, and the transition moves it on, so a job that runs
 * twice, or a round queued twice after a crash, reminds nobody twice.
 */
export async function remindSigningRecipients({ requestId, round }: SigningReminderJob): Promise<void> {
  if (!Types.ObjectId.isValid(requestId)) return;
  await transitionRequest(
    new Types.ObjectId(requestId),
    (request) => {
      if (request.status !== 'sent' || request.reminderRound !== round || request.expiresAt <= new Date()) return null;
      const now = new Date();
      const effects = createEffects();
      for (const recipient of request.recipients) {
        if (isBlocking(recipient) && recipient.status === 'open') {
          mailTurn(effects, request, recipient, now, { occasion: 'reminder' });
        }
      }
      const next = nextReminderAt(request, now);
      if (next) addJob(effects, remindSigningRecipientsJobName, { requestId, round: round + 1 }, next);
      return { set: { reminderRound: round + 1 }, ...effects };
    },
    { status: 'sent', reminderRound: round },
  ).catch((error: unknown) => {
    // A request that is gone has nobody to remind.
    if (error instanceof AppError && error.status === 404) return;
    throw error;
  });
}

/** At `expiresAt`: a request still waiting for people ends as expired, and its sender is told. */
export async function expireSigningRequest({ requestId }: SigningRequestJob): Promise<void> {
  if (!Types.ObjectId.isValid(requestId)) return;
  const request = await findSigningRequestById(requestId);
  if (request?.status !== 'sent') return;
  const early = request.expiresAt.getTime() - Date.now();
  // Run ahead of its time (another instance's clock): queued again for the rest.
  if (early > 0) {
    await enqueueJob(expireSigningRequestJobName, { requestId } satisfies SigningRequestJob, { delayMs: early });
    return;
  }
  await transitionRequest(
    request._id,
    (current) => {
      if (current.status !== 'sent') return null;
      const now = new Date();
      const effects = createEffects();
      effects.events.push({ key: 'expired', data: { type: 'expired', at: now.toISOString() } });
      mailExpired(effects, current, now);
      return { set: { status: 'expired', closedAt: now }, ...effects };
    },
    { status: 'sent' },
  );
}
