import {
  type Answers,
  type AnswerValue,
  type FieldChart,
  type FormDefinition,
  type FormField,
  isEmptyAnswer,
  type ScoreChart,
  type SubmissionChartsResponse,
  takesAnswer,
} from '@formwerk/contracts';
import { closing } from '../../platform/db';
import { findFormCounter } from '../forms/form-counters';
import { findForm, findPublishedForm } from '../forms/forms.service';
import { SubmissionModel } from './submission.model';
import { createSubmissionMatcher } from './submission-scan';

const dayMs = 86_400_000;
const maxTimelineDays = 366;
const maxBins = 10;
/** Up to this many points, a quiz's chart has a bar per points value (0 to 20 still reads well). */
const maxPerPointScore = 20;

type Numbers = { count: number; min: number; max: number; sum: number; isWhole: boolean };

/** What one pass over the submissions gathers about a field; counts are keyed by option id or value. */
type Tally = { field: FormField; answered: number; counts: Map<string, number>; numbers: Numbers };

function createTally(field: FormField): Tally {
  return {
    field,
    answered: 0,
    counts: new Map(),
    numbers: { count: 0, min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY, sum: 0, isWhole: true },
  };
}

const isHistogramField = (field: FormField) => field.type === 'number' || field.type === 'calculated';

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function addAnswer(tally: Tally, value: AnswerValue | undefined): void {
  const { counts, numbers } = tally;
  if (isEmptyAnswer(value)) return;
  tally.answered += 1;
  if (typeof value === 'boolean') increment(counts, value ? 'yes' : 'no');
  else if (Array.isArray(value)) {
    for (const item of value) if (typeof item === 'string') increment(counts, item);
  } else if (typeof value === 'number' && Number.isFinite(value)) {
    increment(counts, String(value));
    numbers.count += 1;
    numbers.min = Math.min(numbers.min, value);
    numbers.max = Math.max(numbers.max, value);
    numbers.sum += value;
    numbers.isWhole &&= Number.isInteger(value);
  } else if (typeof value === 'string') increment(counts, value);
}

type Bin = { from: number; to: number; count: number };

/**
 * Equal bins over [min, max]: one per whole number when the answers are whole and span at most ten
 * values (so 1 to 5 reads as five bars, not as bins 1–1.8, 1.8–2.6 …), otherwise up to ten.
 */
function createBins({ count, min, max, isWhole }: Numbers): Bin[] {
  if (count === 0) return [];
  if (isWhole && max - min < maxBins) {
    return Array.from({ length: max - min + 1 }, (_, index) => ({ from: min + index, to: min + index + 1, count: 0 }));
  }
  if (min === max) return [{ from: min, to: max, count: 0 }];
  const binCount = Math.min(maxBins, count);
  const width = (max - min) / binCount;
  return Array.from({ length: binCount }, (_, index) => ({
    from: min + index * width,
    to: index === binCount - 1 ? max : min + (index + 1) * width,
    count: 0,
  }));
}

function binIndexOf(bins: Bin[], value: number): number {
  const first = bins[0];
  if (!first) return -1;
  const width = first.to - first.from;
  if (width === 0) return 0;
  return Math.min(Math.floor((value - first.from) / width), bins.length - 1);
}

function toFieldChart(tally: Tally, total: number, bins: Bin[]): FieldChart {
  const { field, answered, counts, numbers } = tally;
  const base = { fieldId: field.id, label: field.label, fieldType: field.type, answered };
  switch (field.type) {
    case 'singleChoice':
    case 'multipleChoice':
    case 'dropdown':
      return {
        ...base,
        kind: 'choices',
        options: field.choices.map((choice) => ({
          id: choice.id,
          label: choice.label,
          count: counts.get(choice.id) ?? 0,
        })),
      };
    case 'yesNo':
    case 'consent':
      return {
        ...base,
        kind: 'choices',
        options: ['yes', 'no'].map((id) => ({
          id,
          label: null,
          // Consent stores only `true`: everyone else did not give it, whether the field was shown or not.
          count: field.type === 'consent' && id === 'no' ? total - answered : (counts.get(id) ?? 0),
        })),
      };
    case 'rating':
    case 'opinionScale': {
      const min = field.type === 'rating' ? 1 : field.min;
      return {
        ...base,
        kind: 'scale',
        values: Array.from({ length: field.max - min + 1 }, (_, index) => ({
          value: min + index,
          count: counts.get(String(min + index)) ?? 0,
        })),
      };
    }
    case 'number':
    case 'calculated': {
      const hasNumbers = numbers.count > 0;
      return {
        ...base,
        kind: 'histogram',
        min: hasNumbers ? numbers.min : null,
        max: hasNumbers ? numbers.max : null,
        mean: hasNumbers ? numbers.sum / numbers.count : null,
        bins,
      };
    }
    default:
      return { ...base, kind: 'answered' };
  }
}

type Score = { points: number; maxPoints: number };

/** A quiz's scores, gathered in one pass: how many had each number of points, and the most reachable. */
type ScoreTally = { perPoints: Map<number, number>; maxPoints: number; scored: number; sum: number };

function addScore(tally: ScoreTally, score: Score | null | undefined): void {
  if (!score) return;
  tally.scored += 1;
  tally.sum += score.points;
  tally.maxPoints = Math.max(tally.maxPoints, score.maxPoints);
  tally.perPoints.set(score.points, (tally.perPoints.get(score.points) ?? 0) + 1);
}

/**
 * The scores over the whole range a respondent could reach, 0 to the most points, so "nobody got
 * full marks" shows as an empty bar: one bin per points value up to 20 points, ten bins above.
 */
function toScoreChart({ perPoints, maxPoints, scored, sum }: ScoreTally): ScoreChart | null {
  if (scored === 0) return null;
  const values = [...perPoints.keys()];
  const isPerPoint = maxPoints <= maxPerPointScore;
  const width = isPerPoint ? 1 : maxPoints / maxBins;
  const bins = Array.from({ length: isPerPoint ? maxPoints + 1 : maxBins }, (_, index) => ({
    from: index * width,
    to: !isPerPoint && index === maxBins - 1 ? maxPoints : (index + 1) * width,
    count: 0,
  }));
  for (const [points, count] of perPoints) {
    const bin = bins[Math.min(Math.max(Math.floor(points / width), 0), bins.length - 1)];
    if (bin) bin.count += count;
  }
  return { scored, maxPoints, min: Math.min(...values), max: Math.max(...values), mean: sum / scored, bins };
}

function toTimeline(perDay: Map<number, number>): SubmissionChartsResponse['timeline'] {
  if (perDay.size === 0) return { days: [], isTruncated: false };
  const dayNumbers = [...perDay.keys()];
  const first = Math.min(...dayNumbers);
  const last = Math.max(...dayNumbers);
  const start = Math.max(first, last - maxTimelineDays + 1);
  return {
    days: Array.from({ length: last - start + 1 }, (_, index) => ({
      day: new Date((start + index) * dayMs).toISOString().slice(0, 10),
      count: perDay.get(start + index) ?? 0,
    })),
    isTruncated: start > first,
  };
}

/** How long the charts may read submissions one by one, both passes together (tests make it shorter). */
export const chartsBudgetMs = 8_000;

/**
 * The charts of a form's submissions matching the column filters. Counting happens here, over a cursor
 * on the indexed equality {teamId, formId} that reads only answers and dates, instead of in an
 * aggregation pipeline: FerretDB lacks several of its operators, and the memory needed grows with the
 * options and days, never with the submissions. The filters are matched here too (no `$regex`).
 * Numbers take a second pass over the same submissions, because the bins are known only once the
 * smallest and largest are; a quiz's scores need none, their counts per points value are few.
 *
 * A big form is not counted whole: the first pass stops at half the budget, the second reads no more
 * submissions than the first, and `scan` says how far it got.
 */
async function summarizeSubmissions(
  definition: FormDefinition,
  filter: { teamId: number; formId: string },
  answerFilter: Record<string, string>,
  { toScan, budgetMs }: { toScan: number; budgetMs: number },
): Promise<SubmissionChartsResponse> {
  const firstPassEndsAt = Date.now() + budgetMs / 2;
  const matches = createSubmissionMatcher(answerFilter);
  const tallies = definition.pages
    .flatMap((page) => page.fields)
    .filter(takesAnswer)
    .map(createTally);
  const perDay = new Map<number, number>();
  const scores: ScoreTally = { perPoints: new Map(), maxPoints: 0, scored: 0, sum: 0 };
  let total = 0;
  let scanned = 0;
  let isIncomplete = false;
  for await (const submission of closing(
    SubmissionModel.find(filter, { answers: 1, createdAt: 1, score: 1 })
      .lean<{ answers: Answers; createdAt: Date; score?: Score | null }[]>()
      .cursor(),
  )) {
    if (Date.now() >= firstPassEndsAt) {
      isIncomplete = true;
      break;
    }
    scanned += 1;
    if (!matches({ answers: submission.answers, reference: null })) continue;
    total += 1;
    const day = Math.floor(submission.createdAt.getTime() / dayMs);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
    for (const tally of tallies) addAnswer(tally, submission.answers[tally.field.id]);
    addScore(scores, submission.score);
  }

  const binsOf = new Map(
    tallies.filter((tally) => isHistogramField(tally.field)).map((tally) => [tally, createBins(tally.numbers)]),
  );
  const binned = [...binsOf].filter(([, bins]) => bins.length > 1);
  for (const [tally, bins] of binsOf) {
    // A single bin holds every answer; no second look needed.
    if (bins.length === 1 && bins[0]) bins[0].count = tally.numbers.count;
  }
  if (binned.length > 0 && scanned > 0) {
    const fieldIds = [...binned.map(([tally]) => tally.field.id), ...Object.keys(answerFilter)];
    const projection = Object.fromEntries(fieldIds.map((fieldId) => [`answers.${fieldId}`, 1]));
    // In the order of the first pass (the order they are stored in), as many as it read.
    for await (const submission of closing(
      SubmissionModel.find(filter, projection).limit(scanned).lean<{ answers?: Answers }[]>().cursor(),
    )) {
      if (!matches({ answers: submission.answers ?? {}, reference: null })) continue;
      for (const [tally, bins] of binned) {
        const value = submission.answers?.[tally.field.id];
        // A submission that arrived between the passes may lie outside the bins; the first pass did not count it.
        if (typeof value !== 'number' || value < tally.numbers.min || value > tally.numbers.max) continue;
        const bin = bins[binIndexOf(bins, value)];
        if (bin) bin.count += 1;
      }
    }
  }

  return {
    total,
    fields: tallies.map((tally) => toFieldChart(tally, total, binsOf.get(tally) ?? [])),
    score: toScoreChart(scores),
    timeline: toTimeline(perDay),
    scan: { isIncomplete, scanned, toScan: Math.max(toScan, scanned) },
  };
}

/**
 * The charts of a team's form: per field of the published definition (what respondents answered),
 * or of the current one while the form is not published.
 */
export async function findSubmissionCharts(
  team: { teamId: number },
  formId: string,
  answerFilter: Record<string, string>,
  { budgetMs = chartsBudgetMs }: { budgetMs?: number } = {},
): Promise<SubmissionChartsResponse> {
  const [form, counter] = await Promise.all([findForm(team, formId), findFormCounter(formId)]);
  const definition =
    form.status === 'published' && !form.isArchived ? (await findPublishedForm(formId)).definition : form.definition;
  return summarizeSubmissions(definition, { teamId: team.teamId, formId }, answerFilter, {
    // A form from before the counters is counted as it goes.
    toScan: counter?.count ?? 0,
    budgetMs,
  });
}
