import { describe, expect, it } from 'vitest';
import { blockSize, countInBlock, planPage } from './block-paging';

describe('the blocks of a page', () => {
  // 250 numbers: blocks 0 and 1 full, block 2 holds 50; block 1 lost all, block 0 lost 10.
  const numbering = { seq: 250, deletedPerBlock: { '0': 10, '1': blockSize } };

  it('counts what each block still holds', () => {
    expect([0, 1, 2].map((block) => countInBlock(numbering, block))).toEqual([90, 0, 50]);
  });

  it('newest first, starts in the last block and passes over an emptied one', () => {
    expect(planPage(numbering, { skip: 0, take: 30, order: 'desc' })).toEqual({ blocks: [2], offset: 0 });
    expect(planPage(numbering, { skip: 30, take: 30, order: 'desc' })).toEqual({ blocks: [2, 0], offset: 30 });
    expect(planPage(numbering, { skip: 120, take: 30, order: 'desc' })).toEqual({ blocks: [0], offset: 70 });
  });

  it('oldest first, starts in the first block', () => {
    expect(planPage(numbering, { skip: 80, take: 30, order: 'asc' })).toEqual({ blocks: [0, 2], offset: 80 });
  });

  it('beyond the end, reads nothing', () => {
    expect(planPage(numbering, { skip: 140, take: 30, order: 'desc' }).blocks).toEqual([]);
    expect(planPage({ seq: 0, deletedPerBlock: {} }, { skip: 0, take: 30, order: 'desc' }).blocks).toEqual([]);
  });

  it('costs the same arithmetic for page 1 and page 1000 of 100 000', () => {
    const large = { seq: 100_000, deletedPerBlock: {} };
    expect(planPage(large, { skip: 0, take: 100, order: 'desc' })).toEqual({ blocks: [999], offset: 0 });
    expect(planPage(large, { skip: 99_900, take: 100, order: 'desc' })).toEqual({ blocks: [0], offset: 0 });
    expect(planPage(large, { skip: 49_950, take: 100, order: 'desc' })).toEqual({ blocks: [500, 499], offset: 50 });
  });
});
