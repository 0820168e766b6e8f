import { Types } from 'mongoose';
import { trusted } from '../../platform/db';
import { type FormCounter, FormCounterModel } from './form-counter.model';

export type { FormCounter };

const isDuplicateKey = (error: unknown) => (error as { code?: number } | null)?.code === 11000;

/** How a form's submissions are paged: the numbers given and, per block, how many of them are gone. */
export type SubmissionNumbering = { count: number; seq: number; deletedPerBlock: Record<string, number> };

export function numberingOf(counter: FormCounter): SubmissionNumbering {
  return { count: counter.count, seq: counter.seq, deletedPerBlock: counter.deletedPerBlock };
}

/** A form's counters as they start: with the form itself, or from its submissions from before them. */
export async function createFormCounter(
  formId: string | Types.ObjectId,
  teamId: number,
  start: Partial<Omit<FormCounter, '_id' | 'teamId' | 'revision'>> = {},
): Promise<void> {
  try {
    await FormCounterModel.create({ _id: new Types.ObjectId(formId), teamId, ...start });
  } catch (error) {
    // Made meanwhile by a concurrent numbering of the same submissions, which counts alike.
    if (!isDuplicateKey(error)) throw error;
  }
}

export function findFormCounter(formId: string): Promise<FormCounter | null> {
  return FormCounterModel.findById(formId).lean<FormCounter>();
}

/** The counters of all the team's forms by form id: one equality on the indexed `teamId`. */
export async function findFormCountersOfTeam(teamId: number): Promise<Map<string, FormCounter>> {
  const counters = await FormCounterModel.find({ teamId }).lean<FormCounter[]>();
  return new Map(counters.map((counter) => [counter._id.toString(), counter]));
}

/**
 * Takes one of a form's places for a submission and gives it its number, its day's count and, where the
 * form numbers its references, the next reference number: one atomic update, so concurrent submissions
 * never overshoot a `limit` nor share a number. It applies only while the form is at `revision`, the one
 * the answers were checked against. Null when it is not: the form is full, was changed since, or is gone.
 * Deleting submissions frees places: the limit is on those stored.
 */
export async function takeSubmissionPlace(
  formId: string,
  input: { revision: number; limit: number | null; day: string; isReferenced: boolean; isScored: boolean },
): Promise<{ seq: number; referenceNumber: number | null; days: Record<string, number> } | null> {
  const counter = await FormCounterModel.findOneAndUpdate(
    {
      _id: formId,
      revision: input.revision,
      ...(input.limit === null ? {} : { count: trusted({ $lt: input.limit }) }),
    },
    {
      ...(input.isScored ? { $set: { hasScores: true } } : {}),
      $inc: {
        count: 1,
        seq: 1,
        [`days.${input.day}`]: 1,
        ...(input.isReferenced ? { referenceSeq: 1 } : {}),
      },
    },
    // FerretDB v1 refuses a projection on findAndModify; the document is small.
    { new: true },
  ).lean<FormCounter>();
  if (!counter) return null;
  return {
    seq: counter.seq,
    referenceNumber: input.isReferenced ? counter.referenceSeq : null,
    days: counter.days,
  };
}

/** A change of the form: copies of it checked against the earlier revision take no more places. */
export async function raiseFormRevision(formId: string): Promise<void> {
  await FormCounterModel.updateOne({ _id: formId }, { $inc: { revision: 1 } });
}

export async function deleteFormCounter(formId: string): Promise<void> {
  await FormCounterModel.deleteOne({ _id: formId });
}

/** What removing submissions (deleted, or numbered but never stored) changes in the counters. */
export type SubmissionRemoval = {
  count: number;
  /** Per block, how many of its numbers are gone. */
  perBlock: Record<string, number>;
  /** Per day still counted, how many of that day's submissions are gone. */
  perDay: Record<string, number>;
};

/** The `$inc` of a removal, on a form's counter or on the team's (their fields are named alike). */
export function removalIncrements(removal: SubmissionRemoval): Record<string, number> {
  return {
    count: -removal.count,
    ...Object.fromEntries(Object.entries(removal.perBlock).map(([block, n]) => [`deletedPerBlock.${block}`, n])),
    ...Object.fromEntries(Object.entries(removal.perDay).map(([day, n]) => [`days.${day}`, -n])),
  };
}

/** Records submissions of the form that are gone: one atomic update of its counters. */
export async function recordSubmissionRemoval(formId: string, removal: SubmissionRemoval): Promise<void> {
  if (removal.count === 0) return;
  await FormCounterModel.updateOne({ _id: formId }, { $inc: removalIncrements(removal) });
}

/** Drops per-day counts no longer shown, so the counter does not grow by a key a day forever. */
export async function forgetSubmissionDays(formId: string, days: string[]): Promise<void> {
  if (days.length === 0) return;
  await FormCounterModel.updateOne(
    { _id: formId },
    { $unset: Object.fromEntries(days.map((day) => [`days.${day}`, ''])) },
  );
}
