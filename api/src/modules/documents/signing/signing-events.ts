import { setTimeout as sleep } from 'node:timers/promises';
import type { Types } from 'mongoose';
import { isDuplicateKey } from '../../../platform/db';
import { type AuditEventData, appendEvent, type ChainCheck, verifyChain } from '../sealing/audit-trail';
import { oneAtATime } from './one-at-a-time';
import { SigningEventModel, type StoredSigningEvent } from './signing-event.model';
import { SigningRequestModel, type StoredSigningRequest } from './signing-request.model';

// The audit trail of a request: every event is appended as the next of the chain, and only once.

// Fifty signers acting at once each need a fresh try after every append that beat them.
const appendAttempts = 100;

type Tail = Pick<StoredSigningEvent, 'seq' | 'hash'>;

// The last event of each trail this process appended or met: where its next append tries first. Only a
// hint (another instance may have appended since), so the unique index decides and a stale hint costs a
// read per event it missed; bounded, the trails least recently appended to forgotten first.
const knownTails = new Map<string, Tail>();
const knownTailsMax = 1000;

function rememberTail(requestId: string, tail: Tail): void {
  knownTails.delete(requestId);
  knownTails.set(requestId, tail);
  const oldest = knownTails.keys().next();
  if (knownTails.size > knownTailsMax && !oldest.done) knownTails.delete(oldest.value);
}

/** The last event of the request's trail: its events read by equality on the request, the last taken in code. */
async function findLastEvent(requestId: Types.ObjectId): Promise<Tail | null> {
  const events = await SigningEventModel.find({ requestId }, { seq: 1, hash: 1 }).lean<Tail[]>();
  return events.reduce<Tail | null>((last, event) => (last === null || event.seq > last.seq ? event : last), null);
}

/** From `tail` to the trail's end, event by event, each read by equality on {requestId, seq}. */
async function followTail(requestId: Types.ObjectId, tail: Tail | null): Promise<Tail | null> {
  let last = tail;
  for (;;) {
    const next = await SigningEventModel.findOne(
      { requestId, seq: (last?.seq ?? 0) + 1 },
      { seq: 1, hash: 1 },
    ).lean<Tail>();
    if (!next) return last;
    last = next;
  }
}

/**
 * Appends the event named `key` as the next of the request's trail (its `seq` one more than the last,
 * its `prevHash` the last one's hash). Two appends racing for the same number meet the unique index on
 * {requestId, seq}: the loser follows the trail to its new end and tries there. An event whose key is
 * stored already (a retried job, a repaired follow-up, a second look) is not stored again. So under any
 * concurrency no event is lost, doubled or out of its chain.
 */
export function appendSigningEvent(requestId: Types.ObjectId, key: string, data: AuditEventData): Promise<void> {
  return oneAtATime(`signing-events:${requestId.toString()}`, () => appendOnce(requestId, key, data));
}

async function appendOnce(requestId: Types.ObjectId, key: string, data: AuditEventData): Promise<void> {
  const _id = `${requestId.toString()}:${key}`;
  if (await SigningEventModel.exists({ _id })) return;
  let tail = knownTails.get(requestId.toString()) ?? (await findLastEvent(requestId));
  for (let attempt = 1; attempt <= appendAttempts; attempt += 1) {
    const seq = (tail?.seq ?? 0) + 1;
    const { prevHash, hash } = appendEvent(tail?.hash ?? null, data);
    try {
      await SigningEventModel.create({ _id, requestId, seq, data, prevHash, hash });
      rememberTail(requestId.toString(), { seq, hash });
      return;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      if (await SigningEventModel.exists({ _id })) return;
    }
    tail = await followTail(requestId, tail);
    // A short, varied pause keeps many losers from colliding again at once.
    await sleep(Math.random() * 3 * Math.min(attempt, 5));
  }
  throw new Error(`The audit trail of signing request ${requestId.toString()} stayed too busy to append to`);
}

/**
 * Appends the events the request's transitions recorded and that are not in the trail yet, in the order
 * they were recorded, then takes them off the request. Appending is idempotent, so a follow-up racing
 * another (or the repair job) does no harm; a newer transition's follow-up appends an older one's
 * events first, so the trail keeps their order.
 */
export async function appendPendingEvents(request: StoredSigningRequest): Promise<void> {
  const pending = Object.entries(request.pendingEvents).sort(([, left], [, right]) => left.order - right.order);
  if (pending.length === 0) return;
  for (const [key, { data }] of pending) await appendSigningEvent(request._id, key, data);
  await SigningRequestModel.updateOne(
    { _id: request._id },
    { $unset: Object.fromEntries(pending.map(([key]) => [`pendingEvents.${key}`, ''])) },
  );
}

/** The request's trail in order, and whether every event still carries the hash of the one before. */
export async function readSigningTrail(
  requestId: Types.ObjectId,
): Promise<{ events: StoredSigningEvent[]; chain: ChainCheck }> {
  const events = (await SigningEventModel.find({ requestId }).lean<StoredSigningEvent[]>()).sort(
    (left, right) => left.seq - right.seq,
  );
  const chain = verifyChain(events.map(({ data, prevHash, hash }) => ({ ...data, prevHash, hash })));
  // A gap in the numbers is an event taken out: the trail is broken where it was.
  const gap = events.findIndex((event, index) => event.seq !== index + 1);
  if (gap >= 0 && (chain.valid || chain.brokenAt > gap)) return { events, chain: { valid: false, brokenAt: gap } };
  return { events, chain };
}
