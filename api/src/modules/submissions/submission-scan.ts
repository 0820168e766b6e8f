import type { SubmissionListQuery, SubmissionScan } from '@formwerk/contracts';
import { closing } from '../../platform/db';
import { type Submission, SubmissionModel } from './submission.model';

/**
 * How long a list may read submissions one by one before it answers with what it found: a filter or a
 * sort over a big form cannot be answered from the counters, and FerretDB reads about 8 000 submissions
 * a second, so 100 000 would keep the page waiting for a quarter of a minute.
 */
export const scanBudgetMs = 5_000;
// The server is told to stop a little after the budget, for a batch that hangs in the database.
const serverGraceMs = 2_000;
const maxTimeExpiredCode = 50;

type Sort = NonNullable<SubmissionListQuery['sort']>;
type Order = 'asc' | 'desc';

/**
 * Whether a submission matches the table's column filters (the answer contains the text, case ignored;
 * for several choices, one of them does) and its reference search (part of the number, case ignored).
 * Matched here rather than by `$regex` in the query, which FerretDB cannot answer by index anyway.
 */
export function createSubmissionMatcher(answerFilter: Record<string, string>, reference?: string) {
  const contains = (value: unknown, text: string) => typeof value === 'string' && value.toLowerCase().includes(text);
  const conditions = Object.entries(answerFilter).map(([fieldId, text]) => [fieldId, text.toLowerCase()] as const);
  const referenceText = reference ? reference.toLowerCase() : undefined;
  return (submission: Pick<Submission, 'answers' | 'reference'>): boolean =>
    conditions.every(([fieldId, text]) => {
      const value = submission.answers?.[fieldId];
      return Array.isArray(value) ? value.some((item) => contains(item, text)) : contains(value, text);
    }) &&
    (referenceText === undefined || contains(submission.reference, referenceText));
}

export const hasNoFilter = (answerFilter: Record<string, string>, reference?: string) =>
  Object.keys(answerFilter).length === 0 && !reference;

// MongoDB's order of types when sorting: null and missing, numbers, strings, objects, arrays by their
// least (ascending) or greatest (descending) element, booleans, dates.
const typeRank = (value: unknown) =>
  value === null || value === undefined
    ? 1
    : typeof value === 'number'
      ? 2
      : typeof value === 'string'
        ? 3
        : typeof value === 'boolean'
          ? 8
          : value instanceof Date
            ? 9
            : 4;

function compareValues(left: unknown, right: unknown): number {
  const rankDifference = typeRank(left) - typeRank(right);
  if (rankDifference !== 0) return rankDifference;
  if (left instanceof Date && right instanceof Date) return left.getTime() - right.getTime();
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  const [a, b] = typeof left === 'object' ? [JSON.stringify(left), JSON.stringify(right)] : [left, right];
  return a === b ? 0 : (a as string | boolean) < (b as string | boolean) ? -1 : 1;
}

function sortValueOf(submission: Submission, sort: Sort, order: Order): unknown {
  const value =
    sort === 'createdAt'
      ? submission.createdAt
      : sort === 'score'
        ? submission.score?.points
        : sort === 'reference'
          ? submission.reference
          : submission.answers?.[sort];
  if (!Array.isArray(value)) return value;
  // An empty list sorts before everything else, as in MongoDB.
  if (value.length === 0) return null;
  return value.reduce((chosen, item) => {
    const comparison = compareValues(item, chosen);
    return (order === 'asc' ? comparison < 0 : comparison > 0) ? item : chosen;
  });
}

type Keyed = { submission: Submission; value: unknown };

function compareKeyed(order: Order) {
  const direction = order === 'asc' ? 1 : -1;
  return (left: Keyed, right: Keyed) =>
    direction *
    (compareValues(left.value, right.value) ||
      left.submission._id.toString().localeCompare(right.submission._id.toString()));
}

/**
 * Keeps the first `capacity` items in `compare` order of all offered, never more: a heap whose root
 * is the last of those kept, replaced when something earlier comes along.
 */
function createBoundedHeap<T>(capacity: number, compare: (left: T, right: T) => number) {
  const items: T[] = [];
  const swap = (a: number, b: number) => {
    [items[a], items[b]] = [items[b] as T, items[a] as T];
  };
  const isAfter = (a: number, b: number) => compare(items[a] as T, items[b] as T) > 0;
  function siftUp(index: number) {
    let child = index;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!isAfter(child, parent)) return;
      swap(child, parent);
      child = parent;
    }
  }
  function siftDown(index: number) {
    let parent = index;
    for (;;) {
      const [left, right] = [2 * parent + 1, 2 * parent + 2];
      let last = parent;
      if (left < items.length && isAfter(left, last)) last = left;
      if (right < items.length && isAfter(right, last)) last = right;
      if (last === parent) return;
      swap(parent, last);
      parent = last;
    }
  }
  return {
    offer(item: T) {
      if (items.length < capacity) {
        items.push(item);
        siftUp(items.length - 1);
      } else if (capacity > 0 && compare(item, items[0] as T) < 0) {
        items[0] = item;
        siftDown(0);
      }
    },
    sorted: () => items.toSorted(compare),
  };
}

export type ScanResult = { submissions: Submission[]; total: number; scan: SubmissionScan };

/**
 * A page of the submissions matching `matches`, in any order, found by reading them one by one through
 * a cursor over an indexed equality (`{formId}` or `{teamId}`). Only the rows up to the end of the page
 * are kept (a bounded heap), so memory follows the page, not the form. The reading stops after
 * `budgetMs`; the answer then says how far it got, and the UI asks for a narrower filter.
 */
export async function scanSubmissions(input: {
  filter: { teamId: number; formId?: string };
  matches: (submission: Submission) => boolean;
  sort: Sort;
  order: Order;
  page: number;
  pageSize: number;
  /** How many there are to read, from the counters. */
  toScan: number;
  budgetMs: number;
}): Promise<ScanResult> {
  const compare = compareKeyed(input.order);
  const heap = createBoundedHeap<Keyed>(input.page * input.pageSize, compare);
  const startedAt = Date.now();
  let scanned = 0;
  let total = 0;
  let isIncomplete = false;
  try {
    for await (const submission of closing(
      SubmissionModel.find(input.filter)
        .maxTimeMS(input.budgetMs + serverGraceMs)
        .lean<Submission[]>()
        .cursor(),
    )) {
      if (Date.now() - startedAt >= input.budgetMs) {
        isIncomplete = true;
        break;
      }
      scanned += 1;
      if (!input.matches(submission)) continue;
      total += 1;
      heap.offer({ submission, value: sortValueOf(submission, input.sort, input.order) });
    }
  } catch (error) {
    if ((error as { code?: number } | null)?.code !== maxTimeExpiredCode) throw error;
    isIncomplete = true;
  }
  return {
    submissions: heap
      .sorted()
      .slice((input.page - 1) * input.pageSize)
      .map((keyed) => keyed.submission),
    total,
    scan: { isIncomplete, scanned, toScan: Math.max(input.toScan, scanned) },
  };
}
