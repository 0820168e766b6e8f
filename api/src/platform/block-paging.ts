// Long lists numbered 1, 2, 3 … as rows are added, kept in blocks of consecutive numbers: a page is
// planned from the list's counters alone and read by equality on its blocks (decision 013). Submissions
// (per form and per team) and the document library page this way.

/**
 * How many consecutive numbers one block holds. A page of up to 200 rows reads at most three blocks,
 * each by equality on {formId, block} (or {teamId, teamBlock}, a team's documents' {teamId, block}), the
 * only filter FerretDB answers by index (decision 013); 100 rows are one cheap read, and a 100 000-row
 * list has 1 000 blocks to walk in memory.
 */
export const blockSize = 100;

export const blockOf = (seq: number) => Math.floor((seq - 1) / blockSize);

/** A list's counters as far as paging needs them: the last number given and the removals per block. */
export type Numbering = { seq: number; deletedPerBlock: Record<string, number> };

/** How many rows a block holds now: the numbers given in it less those gone. */
export function countInBlock({ seq, deletedPerBlock }: Numbering, block: number): number {
  const given = Math.min(blockSize, seq - block * blockSize);
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
