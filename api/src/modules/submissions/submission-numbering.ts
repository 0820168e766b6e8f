import type { SubmissionRemoval } from '../forms/form-counters';

/**
 * How many consecutive numbers one block holds. A page of up to 200 rows reads at most three blocks,
 * each by equality on {formId, block} (or {teamId, teamBlock}), the only filter FerretDB answers by
 * index; 100 rows are one cheap read, and a 100 000-submission form has 1 000 blocks to walk in memory.
 */
export const submissionBlockSize = 100;

export const blockOf = (seq: number) => Math.floor((seq - 1) / submissionBlockSize);

/** A form's or a team's counters as far as paging needs them (form.model.ts). */
export type Numbering = { seq: number; deletedPerBlock: Record<string, number> };

/** How many submissions a block holds now: the numbers given in it less those gone. */
export function countInBlock({ seq, deletedPerBlock }: Numbering, block: number): number {
  const given = Math.min(submissionBlockSize, seq - block * submissionBlockSize);
  return Math.max(0, given - (deletedPerBlock[String(block)] ?? 0));
}

/**
 * The blocks that hold rows `skip` to `skip + take` in the order asked (`desc`: newest first), and where
 * the page starts in the first of them. Arithmetic over the counters only, so page 1 000 costs what
 * page 1 does; blocks emptied by deletions are passed over without a read.
 */
export function planPage(
  numbering: Numbering,
  { skip, take, order }: { skip: number; take: number; order: 'asc' | 'desc' },
): { blocks: number[]; offset: number } {
  const lastBlock = numbering.seq > 0 ? blockOf(numbering.seq) : -1;
  const blocks: number[] = [];
  let passed = 0;
  let offset = 0;
  let held = 0;
  for (let step = 0; step <= lastBlock && take > 0; step += 1) {
    const block = order === 'desc' ? lastBlock - step : step;
    const count = countInBlock(numbering, block);
    if (count === 0) continue;
    if (blocks.length === 0) {
      if (passed + count <= skip) {
        passed += count;
        continue;
      }
      offset = skip - passed;
    }
    blocks.push(block);
    held += count;
    if (held - offset >= take) break;
  }
  return { blocks, offset };
}

/** The non-empty blocks of a numbering in the order asked, for reading all of them (export, merges). */
export function blocksInOrder(numbering: Numbering, order: 'asc' | 'desc'): number[] {
  const lastBlock = numbering.seq > 0 ? blockOf(numbering.seq) : -1;
  const blocks = Array.from({ length: lastBlock + 1 }, (_, index) => (order === 'asc' ? index : lastBlock - index));
  return blocks.filter((block) => countInBlock(numbering, block) > 0);
}

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
