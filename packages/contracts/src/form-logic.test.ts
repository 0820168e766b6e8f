import { describe, expect, it } from 'vitest';
import { applicableRules, type LogicRule, resolveForm, validateAnswers } from './form-answers';
import { type FormDefinitionInput, formDefinitionSchema } from './form-definition.contract';

// The rules of the condition tab, as the public page and the api apply them (one implementation).
const definition = formDefinitionSchema.parse({
  title: 'Reise',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'travels', type: 'yesNo', label: 'Reisen Sie?', required: true },
        { id: 'country', type: 'shortText', label: 'Wohin?', required: true },
        { id: 'nights', type: 'number', label: 'Nächte', decimals: 0 },
      ],
    },
    { id: 'p2', fields: [{ id: 'hotel', type: 'shortText', label: 'Hotel', required: true }] },
    { id: 'p3', fields: [{ id: 'budget', type: 'number', label: 'Budget', required: true, decimals: 0 }] },
    { id: 'p4', fields: [{ id: 'remarks', type: 'longText', label: 'Bemerkungen' }] },
  ],
} satisfies FormDefinitionInput);

const when = (fieldId: string, operator: 'equals' | 'lessThan' | 'isEmpty', value?: string | number | boolean) => ({
  combinator: 'and' as const,
  rules: [{ fieldId, operator, ...(value === undefined ? {} : { value }) }],
});

const shownFields = (answers: Parameters<typeof resolveForm>[1], rules: LogicRule[]) =>
  resolveForm(definition, answers, rules).pages.flatMap((page) => page.fields.map((field) => field.id));

describe('show and hide rules', () => {
  const showCountryWhenTravelling: LogicRule = {
    id: 'a',
    when: when('travels', 'equals', true),
    effect: { action: 'show', fieldId: 'country' },
  };
  const hideNightsWhenTravelling: LogicRule = {
    id: 'b',
    when: when('travels', 'equals', true),
    effect: { action: 'hide', fieldId: 'nights' },
  };

  it('show a field only while its rule holds, and hide one while its rule holds', () => {
    expect(shownFields({ travels: false }, [showCountryWhenTravelling, hideNightsWhenTravelling])).toEqual([
      'travels',
      'nights',
      'hotel',
      'budget',
      'remarks',
    ]);
    expect(shownFields({ travels: true }, [showCountryWhenTravelling, hideNightsWhenTravelling])).not.toContain(
      'nights',
    );
    expect(shownFields({ travels: true }, [showCountryWhenTravelling])).toContain('country');
  });

  it('make a hidden required field optional and drop its answer', () => {
    const result = validateAnswers(definition, { travels: false, country: 'Peru', hotel: 'X', budget: 1 }, [
      showCountryWhenTravelling,
    ]);
    expect(result.issues).toEqual([]);
    expect(result.values).not.toHaveProperty('country');
  });
});

describe('skip and end rules', () => {
  const skipToBudgetForShortTrips: LogicRule = {
    id: 'c',
    when: when('nights', 'lessThan', 2),
    effect: { action: 'skipToPage', pageId: 'p3' },
  };
  const endWhenNotTravelling: LogicRule = {
    id: 'd',
    when: when('travels', 'equals', false),
    effect: { action: 'endForm' },
  };

  it('skip the pages between the page of the rule and its target', () => {
    const answers = { travels: true, country: 'Italien', nights: 1, budget: 300 };
    expect(resolveForm(definition, answers, [skipToBudgetForShortTrips]).pages.map(({ page }) => page.id)).toEqual([
      'p1',
      'p3',
      'p4',
    ]);
    expect(validateAnswers(definition, answers, [skipToBudgetForShortTrips]).issues).toEqual([]);
    expect(validateAnswers(definition, answers, []).issues).toEqual([{ fieldId: 'hotel', code: 'required' }]);
  });

  it('end the form after the page of the rule: nothing later is asked or kept', () => {
    const answers = { travels: false, country: 'daheim', hotel: 'keins', remarks: 'x' };
    const result = validateAnswers(definition, answers, [endWhenNotTravelling]);
    expect(result.issues).toEqual([]);
    expect(result.values).toEqual({ travels: false, country: 'daheim' });
  });
});

describe('rules that cannot apply', () => {
  it('are named and left out: unknown fields or pages, reading later fields, jumping back', () => {
    const rules: LogicRule[] = [
      { id: 'gone', when: when('deleted', 'isEmpty'), effect: { action: 'hide', fieldId: 'hotel' } },
      { id: 'late', when: when('budget', 'isEmpty'), effect: { action: 'hide', fieldId: 'hotel' } },
      { id: 'back', when: when('hotel', 'isEmpty'), effect: { action: 'skipToPage', pageId: 'p1' } },
      { id: 'nowhere', when: when('hotel', 'isEmpty'), effect: { action: 'skipToPage', pageId: 'p9' } },
    ];
    expect(applicableRules(definition, rules).problems).toEqual([
      { ruleId: 'gone', problem: 'unknownField' },
      { ruleId: 'late', problem: 'readsLaterField' },
      { ruleId: 'back', problem: 'jumpsBack' },
      { ruleId: 'nowhere', problem: 'unknownPage' },
    ]);
    expect(shownFields({}, rules)).toContain('hotel');
  });
});
