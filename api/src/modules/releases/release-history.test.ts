import { describe, expect, it } from 'vitest';
import { historyBlockOf, newestFirst, newestHistoryBlocks } from './release-history';

describe('release history blocks', () => {
  it('reads the block of the newest number and the one before, which together hold the newest 50', () => {
    expect(historyBlockOf('forms', 1)).toBe('forms:0');
    expect(historyBlockOf('forms', 50)).toBe('forms:1');
    expect(newestHistoryBlocks('forms', 0)).toEqual(['forms:0']);
    expect(newestHistoryBlocks('forms', 49)).toEqual(['forms:0']);
    expect(newestHistoryBlocks('forms', 120)).toEqual(['forms:2', 'forms:1']);
    const numbers = Array.from({ length: 120 }, (_, index) => index + 1);
    const held = numbers.filter((seq) => newestHistoryBlocks('forms', 120).includes(historyBlockOf('forms', seq)));
    expect(newestFirst(held.map((seq) => ({ seq }))).map(({ seq }) => seq)).toEqual(numbers.toReversed().slice(0, 50));
  });
});
