import { createHash } from 'node:crypto';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** What happened (`type`, when, who, from where …), as JSON; `prevHash` and `hash` are the trail's own. */
export type AuditEventData = { [key: string]: JsonValue };

/** An event as stored: its data, the hash of the event before it (null for the first) and its own. */
export type ChainedAuditEvent<Data extends AuditEventData = AuditEventData> = Omit<Data, 'prevHash' | 'hash'> & {
  prevHash: string | null;
  hash: string;
};

/**
 * The canonical JSON of a value: the JSON Canonicalization Scheme (RFC 8785) for the values an event
 * holds. Object keys sorted by their UTF-16 code units (JavaScript's default sort), no whitespace,
 * strings and numbers written as JSON.stringify writes them (which is what RFC 8785 prescribes for
 * finite numbers), arrays in their order. The same event therefore hashes the same wherever it was
 * stored and however its keys were ordered on the way (a database may reorder them).
 */
export function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value)
      .sort(([left], [right]) => (left < right ? -1 : 1))
      .map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`);
    return `{${members.join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new TypeError(`An audit event cannot hold the number ${value}`);
  }
  return JSON.stringify(value);
}

/** SHA-256 (hex) of the canonical JSON of the event's data together with `prevHash`. */
function hashOf(data: AuditEventData, prevHash: string | null): string {
  return createHash('sha256')
    .update(canonicalJson({ ...data, prevHash }))
    .digest('hex');
}

/**
 * The event as the next one of a trail whose last event has `previousHash` (null to start a trail).
 * Changing any event afterwards, or the order of events, breaks every hash from there on.
 */
export function appendEvent<Data extends AuditEventData>(
  previousHash: string | null,
  event: Data,
): ChainedAuditEvent<Data> {
  if ('prevHash' in event || 'hash' in event) throw new TypeError('An audit event cannot set prevHash or hash');
  return { ...event, prevHash: previousHash, hash: hashOf(event, previousHash) };
}

export type ChainCheck = { valid: true } | { valid: false; brokenAt: number };

/**
 * Whether `events`, in stored order, form an unbroken trail: the first starts it, each names the hash
 * of the one before, and each hash is that of its own data. `brokenAt` is the first event that fails.
 */
export function verifyChain(events: readonly ChainedAuditEvent[]): ChainCheck {
  let previousHash: string | null = null;
  for (const [index, event] of events.entries()) {
    const { prevHash, hash, ...data } = event;
    if (prevHash !== previousHash || hash !== hashOf(data, prevHash)) return { valid: false, brokenAt: index };
    previousHash = hash;
  }
  return { valid: true };
}
