import { setTimeout as sleep } from 'node:timers/promises';
import type { Types } from 'mongoose';
import { AppError } from '../../../platform/errors';
import { oneAtATime } from './one-at-a-time';
import { appendPendingEvents } from './signing-events';
import { drainOutbox, type Effects } from './signing-outbox';
import { SigningRequestModel, type StoredSigningRequest } from './signing-request.model';

/**
 * A change of a request (decision 022, as the approval engine's of decision 016): computed from the
 * request as read, written by one findOneAndUpdate guarded by the `rev` it was read at and by the
 * business condition. What follows it (audit events, mails, jobs) is written in the same update and
 * carried out right after, each once; a crash in between leaves the request marked for the repair job.
 */
export type Transition = Effects & {
  set: Partial<Pick<StoredSigningRequest, 'status' | 'recipients' | 'closedAt' | 'reminderRound'>>;
};

// Fifty signers acting at once each need a fresh try after every write that beat them.
const attemptsAtBusyRequest = 100;
// A follow-up still undone this long after its transition lost its process: the repair job redoes it.
const followUpGraceMs = 2 * 60_000;
const repairBatchSize = 200;

export const signingRequestNotFound = () => new AppError('NOT_FOUND', 404, 'No such signing request');

/**
 * The events a write at revision `rev` records, keyed as the request keeps them until they are in the
 * trail; their `order` is the write's, so the events of earlier writes are appended first.
 */
export const pendingEventsOf = (events: Effects['events'], rev: number) =>
  Object.fromEntries(events.map(({ key, data }, index) => [key, { order: rev * 1000 + index, data }]));

export async function findSigningRequestById(requestId: Types.ObjectId | string): Promise<StoredSigningRequest | null> {
  return SigningRequestModel.findById(requestId).lean<StoredSigningRequest>();
}

/**
 * Carries out what the request's transitions recorded: their events appended to the trail, their mails
 * and jobs queued. Then the mark goes once nothing is left, guarded by the revision that was read empty:
 * a transition written since marked the request again, and its own follow-up clears it.
 */
export async function followUp(request: StoredSigningRequest): Promise<void> {
  await appendPendingEvents(request);
  await drainOutbox(request);
  const now = await SigningRequestModel.findById(request._id, { rev: 1, outbox: 1, pendingEvents: 1 }).lean<
    Pick<StoredSigningRequest, 'rev' | 'outbox' | 'pendingEvents'>
  >();
  // An entry another follow-up is queueing right now: that one clears the mark when it is done.
  if (!now || Object.keys(now.outbox).length > 0 || Object.keys(now.pendingEvents).length > 0) return;
  await SigningRequestModel.updateOne(
    { _id: request._id, rev: now.rev },
    { $set: { hasFollowUp: false, followUpSince: null } },
  );
}

/**
 * Applies the change `decide` makes of the request as stored, retrying on a newer state when another
 * write won, then carries out what it set off. `decide` judges the state it is given: it throws an
 * AppError to refuse (nothing is written), or answers null when there is nothing to change. Changes of
 * one request wait for each other in this process (one-at-a-time.ts); the follow-ups do not.
 */
export async function transitionRequest(
  requestId: Types.ObjectId,
  decide: (request: StoredSigningRequest) => Transition | null,
  guard: Record<string, unknown> = {},
): Promise<StoredSigningRequest> {
  const { request, isChanged } = await oneAtATime(`signing-request:${requestId.toString()}`, () =>
    writeTransition(requestId, decide, guard),
  );
  if (isChanged) await followUp(request);
  return request;
}

async function writeTransition(
  requestId: Types.ObjectId,
  decide: (request: StoredSigningRequest) => Transition | null,
  guard: Record<string, unknown>,
): Promise<{ request: StoredSigningRequest; isChanged: boolean }> {
  for (let attempt = 1; attempt <= attemptsAtBusyRequest; attempt += 1) {
    const request = await findSigningRequestById(requestId);
    if (!request) throw signingRequestNotFound();
    const transition = decide(request);
    if (!transition) return { request, isChanged: false };
    const now = new Date();
    const rev = request.rev + 1;
    const pendingEvents = Object.entries(pendingEventsOf(transition.events, rev));
    const stored = await SigningRequestModel.findOneAndUpdate(
      { _id: request._id, rev: request.rev, ...guard },
      {
        $set: {
          ...transition.set,
          ...Object.fromEntries(pendingEvents.map(([key, event]) => [`pendingEvents.${key}`, event])),
          ...Object.fromEntries(Object.entries(transition.outbox).map(([id, entry]) => [`outbox.${id}`, entry])),
          hasFollowUp: true,
          followUpSince: now,
          updatedAt: now,
        },
        $inc: { rev: 1 },
      },
      { new: true },
    ).lean<StoredSigningRequest>();
    if (stored) return { request: stored, isChanged: true };
    // Another write won (another api instance, or a write outside transitions): a short, varied pause
    // keeps many losers from colliding again at once.
    await sleep(Math.random() * 10 * Math.min(attempt, 5));
  }
  throw new Error(`Signing request ${requestId.toString()} stayed too busy to change`);
}

/**
 * Redoes the follow-up of requests whose transition was stored but not followed (the api died in
 * between): found by equality on their mark, those still within the grace period left to their own
 * process. Idempotent, so racing a follow-up does no harm. Answers how many it repaired.
 */
export async function repairSigningRequests(now = new Date()): Promise<number> {
  const marked = await SigningRequestModel.find({ hasFollowUp: true }, { followUpSince: 1 })
    .limit(repairBatchSize)
    .lean<Pick<StoredSigningRequest, '_id' | 'followUpSince'>[]>();
  let repaired = 0;
  for (const { _id, followUpSince } of marked) {
    if (followUpSince && now.getTime() - followUpSince.getTime() < followUpGraceMs) continue;
    const request = await findSigningRequestById(_id);
    if (!request?.hasFollowUp) continue;
    await followUp(request);
    repaired += 1;
  }
  return repaired;
}
