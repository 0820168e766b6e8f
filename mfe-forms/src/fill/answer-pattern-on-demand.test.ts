import type { FormDefinition } from '@formwerk/contracts';
import * as answerPattern from '@formwerk/contracts/answer-pattern';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each test starts with a page that has not loaded RE2 yet.
const freshModule = () => import('./answer-pattern-on-demand');
beforeEach(() => vi.resetModules());

const formWith = (fields: FormDefinition['pages'][number]['fields']) =>
  ({ title: 'Bewerbung', language: 'de', pages: [{ id: 'p1', fields }] }) as unknown as FormDefinition;

describe('answer patterns on the public page, loaded on demand', () => {
  it('stands in for everything contracts’ answer-pattern module offers', async () => {
    expect(Object.keys(await freshModule())).toEqual(expect.arrayContaining(Object.keys(answerPattern)));
  });

  it('lets answers pass until RE2 has arrived (the api checks them again), then checks them like the api', async () => {
    const { loadAnswerPatterns, matchesAnswerPattern, isValidAnswerPattern } = await freshModule();
    expect(matchesAnswerPattern('\\d{5}', '1234')).toBe(true);

    expect(await loadAnswerPatterns()).toBe(true);
    for (const [pattern, answer] of [
      ['\\d{5}', '12345'],
      ['\\d{5}', '1234'],
      ['[A-Z]{2}-\\d+', 'x HR-42'],
      ['Stra(ß|ss)e \\d+', 'Straße 7'],
      ['(a+)+b', `${'a'.repeat(5_000)}c`],
    ] as const) {
      expect(matchesAnswerPattern(pattern, answer), pattern).toBe(answerPattern.matchesAnswerPattern(pattern, answer));
    }
    expect(isValidAnswerPattern('(a)\\1')).toBe(false);
    // A pattern RE2 cannot compile (stored before patterns were checked) never locks respondents out.
    expect(matchesAnswerPattern('(a)\\1', 'aa')).toBe(true);
  });

  it('is needed only by a form with a short-text pattern', async () => {
    const { hasAnswerPattern } = await freshModule();
    expect(hasAnswerPattern(formWith([{ id: 'name', type: 'shortText', label: 'Name', required: true }]))).toBe(false);
    expect(
      hasAnswerPattern(formWith([{ id: 'zip', type: 'shortText', label: 'PLZ', required: true, pattern: '\\d{5}' }])),
    ).toBe(true);
  });
});
