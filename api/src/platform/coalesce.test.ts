import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesce', () => {
  it('sends a lone call at once, and joins the calls that arrive meanwhile into one next call, answering each', async () => {
    const runs: number[][] = [];
    const double = coalesce(async (inputs: number[]) => {
      runs.push(inputs);
      await sleep(20);
      return inputs.map((input) => input * 2);
    });
    const first = double('a', 1);
    await sleep(1);
    const rest = [double('a', 2), double('a', 3), double('a', 4)];
    expect(await Promise.all([first, ...rest])).toEqual([2, 4, 6, 8]);
    expect(runs).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps keys apart and caps how many calls go together', async () => {
    const runs: string[][] = [];
    const echo = coalesce(
      async (inputs: string[]) => {
        runs.push(inputs);
        await sleep(5);
        return inputs;
      },
      { maxInputs: 2 },
    );
    const answers = await Promise.all([
      echo('a', 'a1'),
      echo('b', 'b1'),
      echo('a', 'a2'),
      echo('a', 'a3'),
      echo('a', 'a4'),
    ]);
    expect(answers).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
    expect(runs).toEqual([['a1'], ['b1'], ['a2', 'a3'], ['a4']]);
  });

  it('fails every call of a failed run, and serves the next ones afterwards', async () => {
    let shouldFail = true;
    const flaky = coalesce(async (inputs: number[]) => {
      await sleep(5);
      if (shouldFail) throw new Error('database gone');
      return inputs;
    });
    const failed = await Promise.allSettled([flaky('k', 1), flaky('k', 2)]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    shouldFail = false;
    expect(await flaky('k', 3)).toBe(3);
  });
});
