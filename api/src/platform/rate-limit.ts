import type { Request, RequestHandler, Response } from 'express';
import { model, Schema } from './db';
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
  /** Extra keys besides the client's IP, e.g. the account an attempt is aimed at. */
  accountOf?: (request: Request, response: Response) => string | undefined;
};

const isDuplicateKey = (error: unknown) => (error as { code?: number } | null)?.code === 11000;

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

/** At most `limit` requests per window per IP and per account; beyond that `429` with `Retry-After`. */
export function rateLimit({ name, limit, windowMs, accountOf }: RateLimitOptions): RequestHandler {
  return async (request, response, next) => {
    const now = Date.now();
    const window = Math.floor(now / windowMs);
    const windowEndsAt = new Date((window + 1) * windowMs);
    const account = accountOf?.(request, response);
    const keys = [`${name}:ip:${request.ip}:${window}`, ...(account ? [`${name}:account:${account}:${window}`] : [])];
    const counts = await Promise.all(keys.map((key) => countHit(key, windowEndsAt)));
    if (counts.some((count) => count > limit)) {
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
