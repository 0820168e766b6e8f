import type { Request, RequestHandler, Response } from 'express';
import ipaddr from 'ipaddr.js';
import { isDuplicateKey, model, Schema } from './db';
import { AppError } from './errors';
import { defineExpiringCollection, expiresHourField, expiryHourOf } from './expiring-documents';

// Counters live in the database, so several api instances share them and a restart forgets
// nothing (ARCHITECTURE.md decision 9). One document per key and fixed window, the key being its
// `_id`: the embedded database's proxy lets writes to different ids run side by side (decision 013).
const rateLimitSchema = new Schema({
  _id: { type: String, required: true },
  count: { type: Number, required: true },
  windowEndsAt: { type: Date, required: true },
  // The key the housekeeping job removes finished windows by (expiring-documents.ts).
  expiresHour: expiresHourField,
});
const RateLimitModel = model('RateLimit', rateLimitSchema);

/**
 * Windows were found by a unique `key` field before their key became the `_id`; that index would
 * refuse a second window without the field. Dropped on start, once (nothing to do afterwards).
 */
export async function retireKeyIndex(): Promise<void> {
  const indexes = await RateLimitModel.collection.indexes().catch(() => []);
  if (indexes.some((index) => index.name === 'key_1')) await RateLimitModel.collection.dropIndex('key_1');
}

/** Windows that are over, for the housekeeping job. */
export const expiringRateLimitWindows = defineExpiringCollection(RateLimitModel, 'windowEndsAt');

type RateLimitOptions = {
  name: string;
  limit: number;
  windowMs: number;
  /** Extra keys besides the client's IP, e.g. the account an attempt is aimed at, or a form and the client. */
  accountOf?: (request: Request, response: Response) => string | undefined;
  /** The limit per account, when it is not `limit`. */
  accountLimit?: number;
  /**
   * Counts each client per scope instead of overall, e.g. per form of the route: one counter per
   * request still (a public submission must cost a single write, see bench/database.mjs).
   */
  scopeOf?: (request: Request) => string;
};

/** The scope of a public form's limits: the form of the route. */
export const formOfRoute = (request: Request): string => String(request.params.formId);

/**
 * Who a request comes from, as limits count it: the IPv4 address, or the /64 network of an IPv6 one
 * (one household or device gets a whole /64 and can pick any address in it). An IPv4 address written
 * as IPv6 (`::ffff:192.0.2.1`) is that IPv4 address.
 */
export function clientKeyOf(request: Request): string {
  const address = request.ip ?? request.socket.remoteAddress ?? '';
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}

/** The window of `windowMs` that `now` falls in, and when it ends. */
function windowOf(now: number, windowMs: number): { window: number; windowEndsAt: Date } {
  const window = Math.floor(now / windowMs);
  return { window, windowEndsAt: new Date((window + 1) * windowMs) };
}

/** Counts one more under `key` in the current window of `windowMs`; answers the window's count. */
export function countInWindow(key: string, windowMs: number, now = Date.now()): Promise<number> {
  const { window, windowEndsAt } = windowOf(now, windowMs);
  return countHit(`${key}:${window}`, windowEndsAt);
}

/** What `key` counted so far in the current window of `windowMs`, without counting. */
export async function readWindowCount(key: string, windowMs: number, now = Date.now()): Promise<number> {
  const { window } = windowOf(now, windowMs);
  const counter = await RateLimitModel.findById(`${key}:${window}`, { count: 1 }).lean<{ count: number }>();
  return counter?.count ?? 0;
}

async function countHit(key: string, windowEndsAt: Date): Promise<number> {
  const increment = () =>
    RateLimitModel.findOneAndUpdate(
      { _id: key },
      { $inc: { count: 1 }, $setOnInsert: { windowEndsAt, expiresHour: expiryHourOf(windowEndsAt) } },
      { upsert: true, new: true, lean: true },
    );
  // Two first hits at once both try to insert; the loser counts on the winner's document.
  const counter = await increment().catch((error: unknown) => {
    if (isDuplicateKey(error)) return increment();
    throw error;
  });
  return counter?.count ?? 1;
}

/**
 * At most `limit` requests per window per client (clientKeyOf; per scope, when given), and
 * `accountLimit` per account; beyond that `429` with `Retry-After`.
 */
export function rateLimit({
  name,
  limit,
  windowMs,
  accountOf,
  accountLimit = limit,
  scopeOf,
}: RateLimitOptions): RequestHandler {
  return async (request, response, next) => {
    const now = Date.now();
    const { window, windowEndsAt } = windowOf(now, windowMs);
    const account = accountOf?.(request, response);
    const counters = [
      { key: `${name}:${scopeOf ? `${scopeOf(request)}:` : ''}ip:${clientKeyOf(request)}:${window}`, limit },
      ...(account ? [{ key: `${name}:account:${account}:${window}`, limit: accountLimit }] : []),
    ];
    const counts = await Promise.all(counters.map(({ key }) => countHit(key, windowEndsAt)));
    if (counts.some((count, index) => count > (counters[index]?.limit ?? limit))) {
      response.set('Retry-After', String(Math.ceil((windowEndsAt.getTime() - now) / 1000)));
      throw new AppError('RATE_LIMITED', 429, 'Too many attempts, please wait');
    }
    next();
  };
}

/** The email an auth request is about, when it is one, as the account key of a rate limit. */
export function emailOfBody(request: Request): string | undefined {
  const email: unknown = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : undefined;
}
