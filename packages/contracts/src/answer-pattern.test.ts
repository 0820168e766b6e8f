import { describe, expect, it } from 'vitest';
import { isValidAnswerPattern, matchesAnswerPattern } from './answer-pattern';
import { validateAnswers } from './form-answers';
import { type FormDefinition, formDefinitionSchema } from './form-definition.contract';

describe('answer patterns', () => {
  it('match the whole answer, as authors write them in JavaScript', () => {
    expect(matchesAnswerPattern('\\d{5}', '12345')).toBe(true);
    expect(matchesAnswerPattern('\\d{5}', '1234')).toBe(false);
    expect(matchesAnswerPattern('\\d{5}', '123456')).toBe(false);
    expect(matchesAnswerPattern('[A-Z]{2}-\\d+', 'HR-42')).toBe(true);
    expect(matchesAnswerPattern('[A-Z]{2}-\\d+', 'x HR-42')).toBe(false);
    expect(matchesAnswerPattern('Stra(ß|ss)e \\d+', 'Straße 7')).toBe(true);
    expect(matchesAnswerPattern('\\u00e4+', 'ää')).toBe(true);
    expect(matchesAnswerPattern('a|b', 'ab')).toBe(false);
  });

  it('answer in time linear in the answer, where a backtracking engine never would', () => {
    // RegExp needs about 2^n steps for this pair: 12 s at 30 characters, ages at 5 000.
    expect(matchesAnswerPattern('(a+)+b', `${'a'.repeat(5_000)}c`)).toBe(false);
    expect(matchesAnswerPattern('(x+x+)+y', 'x'.repeat(5_000))).toBe(false);
  });

  it('are refused when RE2 cannot compile them: broken syntax, backreferences, lookaround', () => {
    expect(isValidAnswerPattern('[A-Z]{2}')).toBe(true);
    for (const pattern of ['(', '[a-', '(a)\\1', 'a(?=b)', '(?<!a)b', 'a{2,1}']) {
      expect(isValidAnswerPattern(pattern), pattern).toBe(false);
    }
  });

  it('that RE2 cannot compile keep a form from being saved', () => {
    const withPattern = (pattern: string) => ({
      title: 'Bewerbung',
      pages: [{ id: 'p1', fields: [{ id: 'code', type: 'shortText', label: 'Code', pattern }] }],
    });
    expect(formDefinitionSchema.safeParse(withPattern('[A-Z]{2}-\\d+')).success).toBe(true);
    const refused = formDefinitionSchema.safeParse(withPattern('(a)\\1'));
    expect(refused.error?.issues.map((issue) => issue.path)).toEqual([['pages', 0, 'fields', 0, 'pattern']]);
  });

  it('let every answer pass when a stored pattern does not compile (saved before patterns were checked)', () => {
    const definition = {
      title: 'Alt',
      description: '',
      language: 'de',
      pages: [
        { id: 'p1', fields: [{ id: 'code', type: 'shortText', label: 'Code', required: true, pattern: 'a(?=b)' }] },
      ],
    } as FormDefinition;
    expect(validateAnswers(definition, { code: 'anything' }).issues).toEqual([]);
  });
});
