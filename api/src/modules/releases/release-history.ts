import { type ReleaseArea, releaseHistoryShown } from '@formwerk/contracts';

// An area's releases and audit lines are numbered in order (the area's `releaseSeq` and `auditSeq`) and
// placed in blocks of as many numbers as GET /releases/:area shows, so the newest are read by equality
// on two blocks, however long the history grows: FerretDB sorts and limits in memory, after reading
// everything a filter matches (decision 013).

/** The block that number `seq` of `area` belongs to. */
export const historyBlockOf = (area: ReleaseArea, seq: number): string =>
  `${area}:${Math.floor(seq / releaseHistoryShown)}`;

/** The blocks that hold the newest `releaseHistoryShown` numbers up to `lastSeq`: its own and the one before. */
export function newestHistoryBlocks(area: ReleaseArea, lastSeq: number): string[] {
  const block = Math.floor(lastSeq / releaseHistoryShown);
  return block > 0 ? [`${area}:${block}`, `${area}:${block - 1}`] : [`${area}:0`];
}

/** The newest `releaseHistoryShown` of what the blocks held, newest first. */
export const newestFirst = <Entry extends { seq: number }>(entries: Entry[]): Entry[] =>
  entries.toSorted((a, b) => b.seq - a.seq).slice(0, releaseHistoryShown);
