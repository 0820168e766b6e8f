import type { SubmissionRemoval } from '../forms/form-counters';

const dayMs = 86_400_000;

/** The UTC day of a moment, as the per-day counters name it (`2026-05-01`). */
export const dayKeyOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Per-day counts are kept this many UTC days, today included: the dashboard shows seven; older keys
 * are removed, so the counters' documents do not grow by a key a day forever.
 */
export const submissionDaysKept = 14;

export const oldestKeptDay = (now: Date) => dayKeyOf(new Date(now.getTime() - (submissionDaysKept - 1) * dayMs));

/** The day keys of `days` older than those kept. */
export function staleDays(days: Record<string, number> | undefined, now: Date): string[] {
  const oldest = oldestKeptDay(now);
  return Object.keys(days ?? {}).filter((day) => day < oldest);
}

/** Per kept day, how many of `dates` fall on it. */
export function countPerDay(dates: Date[], now: Date): Record<string, number> {
  const oldest = oldestKeptDay(now);
  const perDay: Record<string, number> = {};
  for (const date of dates) {
    const day = dayKeyOf(date);
    if (day >= oldest) perDay[day] = (perDay[day] ?? 0) + 1;
  }
  return perDay;
}

/**
 * What removing these submissions changes in their counters: one fewer each, one more gone in its
 * block, one fewer on its day while that day is still counted (a day no longer kept is not brought back).
 */
export function tallyRemoval(removed: { block: number | null | undefined; createdAt: Date }[], now: Date) {
  const perBlock: Record<string, number> = {};
  for (const { block } of removed) {
    if (block !== null && block !== undefined) perBlock[String(block)] = (perBlock[String(block)] ?? 0) + 1;
  }
  const removal: SubmissionRemoval = {
    count: removed.length,
    perBlock,
    perDay: countPerDay(
      removed.map((row) => row.createdAt),
      now,
    ),
  };
  return removal;
}
