import type { Model, mongo } from 'mongoose';
import { closing, trusted } from './db';

/**
 * FerretDB v1 has no TTL indexes and answers by index only equality filters, so documents that
 * expire (sessions, link tokens, invitations, rate-limit windows) carry the hour they expire in,
 * `expiresHour`, indexed: the housekeeping job removes each past hour with one `{ expiresHour: h }`.
 */
export const hourMs = 3_600_000;

/** The hour, counted from 1970, that `expiresAt` falls in: every document of hour h is expired from h + 1 on. */
export function expiryHourOf(expiresAt: Date): number {
  return Math.floor(expiresAt.getTime() / hourMs);
}

/** The schema field every expiring collection declares, beside its expiry date. */
export const expiresHourField = { type: Number, required: true, index: true } as const;

export type ExpiringCollection = {
  name: string;
  /** Removes the documents that expire in `hour`: one delete by equality on the indexed field. */
  removeExpiringIn: (hour: number) => Promise<number>;
  /**
   * Scans the whole collection: removes what expired before `now`, and gives the live documents
   * written before `expiresHour` existed theirs, so that hourly removal finds them later. For the
   * first run and after a long pause only.
   */
  sweep: (now: Date) => Promise<number>;
};

// A sweep reads a whole collection at most once; on FerretDB that scan runs in memory.
const sweepTimeoutMs = 25_000;
// FerretDB v1 holds a PostgreSQL connection per statement of one update command until the command
// ends (50 in its pool): a batch of 50 or more would wait for itself and stall the server.
const backfillBatchSize = 10;

type ExpiringDocument = { _id: unknown } & Record<string, unknown>;

export function defineExpiringCollection(
  // biome-ignore lint/suspicious/noExplicitAny: any model whose schema has `expiresHour` and `expiresAtField`
  model: Model<any>,
  expiresAtField: string,
): ExpiringCollection {
  return {
    name: model.collection.collectionName,
    removeExpiringIn: async (hour) => (await model.deleteMany({ expiresHour: hour })).deletedCount,
    sweep: async (now) => {
      const { deletedCount } = await model
        .deleteMany({ [expiresAtField]: trusted({ $lte: now }) })
        .maxTimeMS(sweepTimeoutMs);
      const withoutHour = model
        .find({ expiresHour: trusted({ $exists: false }) }, { [expiresAtField]: 1 })
        .maxTimeMS(sweepTimeoutMs)
        .lean<ExpiringDocument[]>()
        .cursor();
      // Through the driver, by the ids as stored: an id of another type than the schema's now (rate-limit
      // windows had ObjectIds before their key became the id) would be cast and match nothing.
      let updates: mongo.AnyBulkWriteOperation[] = [];
      for await (const document of closing(withoutHour)) {
        const expiresAt = document[expiresAtField];
        if (!(expiresAt instanceof Date)) continue;
        updates.push({
          updateOne: {
            filter: { _id: document._id } as mongo.Filter<mongo.Document>,
            update: { $set: { expiresHour: expiryHourOf(expiresAt) } },
          },
        });
        if (updates.length === backfillBatchSize) {
          await model.collection.bulkWrite(updates, { ordered: false });
          updates = [];
        }
      }
      if (updates.length > 0) await model.collection.bulkWrite(updates, { ordered: false });
      return deletedCount;
    },
  };
}
