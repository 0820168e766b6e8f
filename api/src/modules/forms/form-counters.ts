import { Types } from 'mongoose';
import { coalesce } from '../../platform/coalesce';
import { isDuplicateKey, trusted } from '../../platform/db';
import { type FormCounter, FormCounterModel } from './form-counter.model';

export type { FormCounter };

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

type PlaceRequest = {
  formId: string;
  revision: number;
  limit: number | null;
  day: string;
  isReferenced: boolean;
  isScored: boolean;
};
type Place = { seq: number; referenceNumber: number | null; days: Record<string, number> };

/** `count` places in one atomic update, numbered in order; null when not all of them fit (or the revision moved). */
async function takePlaces(request: PlaceRequest, count: number, isScored: boolean): Promise<Place[] | null> {
  const counter = await FormCounterModel.findOneAndUpdate(
    {
      _id: request.formId,
      revision: request.revision,
      ...(request.limit === null ? {} : { count: trusted({ $lte: request.limit - count }) }),
    },
    {
      ...(isScored ? { $set: { hasScores: true } } : {}),
      $inc: {
        count,
        seq: count,
        [`days.${request.day}`]: count,
        ...(request.isReferenced ? { referenceSeq: count } : {}),
      },
    },
    // FerretDB v1 refuses a projection on findAndModify; the document is small.
    { new: true },
  ).lean<FormCounter>();
  if (!counter) return null;
  return Array.from({ length: count }, (_, index) => ({
    seq: counter.seq - count + 1 + index,
    referenceNumber: request.isReferenced ? counter.referenceSeq - count + 1 + index : null,
    days: counter.days,
  }));
}

// Submissions to one form at one revision that arrive together take their places together.
const takePlacesTogether = coalesce<PlaceRequest, Place | null>(async (requests) => {
  const [first] = requests;
  if (!first) return [];
  const places = await takePlaces(
    first,
    requests.length,
    requests.some((request) => request.isScored),
  );
  if (places) return places;
  if (requests.length === 1) return [null];
  // Not room for all of them: each tries on its own, in the order they came.
  const one: (Place | null)[] = [];
  for (const request of requests) one.push((await takePlaces(request, 1, request.isScored))?.[0] ?? null);
  return one;
});

/**
 * Takes one of a form's places for a submission and gives it its number, its day's count and, where the
 * form numbers its references, the next reference number: atomic updates, so concurrent submissions
 * never overshoot a `limit` nor share a number. Submissions arriving together share one update
 * (platform/coalesce.ts). It applies only while the form is at `revision`, the one the answers were
 * checked against. Null when it is not: the form is full, was changed since, or is gone. Deleting
 * submissions frees places: the limit is on those stored.
 */
export function takeSubmissionPlace(
  formId: string,
  input: { revision: number; limit: number | null; day: string; isReferenced: boolean; isScored: boolean },
): Promise<Place | null> {
  const key = [formId, input.revision, input.limit, input.day, input.isReferenced].join('|');
  return takePlacesTogether(key, { formId, ...input });
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
  await FormCounterModel.updateOne({ _id: formId }, forgetDaysUpdate(days));
}

/** The update that drops per-day counts, on a form's counter or on the team's (their fields are named alike). */
export function forgetDaysUpdate(days: string[]): { $unset: Record<string, ''> } {
  return { $unset: Object.fromEntries(days.map((day) => [`days.${day}`, ''])) };
}
