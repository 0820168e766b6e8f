import { describe, expect, it } from 'vitest';
import { validateAnswers } from './form-answers';
import { calculate } from './form-calculation';
import { type FormDefinitionInput, formDefinitionSchema } from './form-definition.contract';

const definitionInput: FormDefinitionInput = {
  title: 'Urlaubsantrag',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true, minLength: 2, maxLength: 50 },
        { id: 'email', type: 'email', label: 'E-Mail', required: true },
        {
          id: 'kind',
          type: 'singleChoice',
          label: 'Art',
          required: true,
          choices: [
            { id: 'vacation', label: 'Urlaub' },
            { id: 'sick', label: 'Krankheit' },
          ],
        },
        {
          id: 'certificate',
          type: 'fileUpload',
          label: 'Attest',
          required: true,
          visibleWhen: { combinator: 'and', rules: [{ fieldId: 'kind', operator: 'equals', value: 'sick' }] },
        },
        { id: 'days', type: 'number', label: 'Tage', required: true, min: 1, max: 30, decimals: 1 },
        { id: 'rate', type: 'number', label: 'Tagessatz', decimals: 2 },
        { id: 'total', type: 'calculated', label: 'Summe', expression: '{days} * {rate}', decimals: 2 },
      ],
    },
    {
      id: 'p2',
      title: 'Vertretung',
      skipWhen: { combinator: 'or', rules: [{ fieldId: 'days', operator: 'lessThan', value: 3 }] },
      fields: [{ id: 'substitute', type: 'shortText', label: 'Vertretung', required: true }],
    },
  ],
};
const definition = formDefinitionSchema.parse(definitionInput);

describe('validateAnswers', () => {
  it('accepts valid answers, cleans them and computes the calculated field', () => {
    const result = validateAnswers(definition, {
      name: '  Grete ',
      email: 'grete@example.com',
      kind: 'vacation',
      days: '5',
      rate: 120.5,
      substitute: 'Hans',
    });
    expect(result.issues).toEqual([]);
    expect(result.values).toEqual({
      name: 'Grete',
      email: 'grete@example.com',
      kind: 'vacation',
      days: 5,
      rate: 120.5,
      total: 602.5,
      substitute: 'Hans',
    });
  });

  it('when a required field is hidden by its condition, does not require it and drops its answer', () => {
    const result = validateAnswers(definition, {
      name: 'Grete',
      email: 'grete@example.com',
      kind: 'vacation',
      certificate: [{ fileId: 'f1', name: 'x.pdf', size: 10, type: 'application/pdf' }],
      days: 5,
      substitute: 'Hans',
    });
    expect(result.issues).toEqual([]);
    expect(result.values.certificate).toBeUndefined();
  });

  it('when the condition shows the field, requires it', () => {
    const result = validateAnswers(definition, { name: 'Grete', email: 'g@example.com', kind: 'sick', days: 2 });
    expect(result.issues).toEqual([{ fieldId: 'certificate', code: 'required' }]);
  });

  it('skips a page by its condition: its required fields do not count, its answers are dropped', () => {
    const result = validateAnswers(definition, {
      name: 'Grete',
      email: 'g@example.com',
      kind: 'vacation',
      days: 2,
      substitute: 'ignored',
    });
    expect(result.issues).toEqual([]);
    expect(result.values.substitute).toBeUndefined();
  });

  it('reports every broken rule with the parameters its message needs', () => {
    const result = validateAnswers(definition, {
      name: 'G',
      email: 'not-an-email',
      kind: 'holiday',
      days: 31,
      rate: 1.234,
    });
    expect(result.issues).toEqual([
      { fieldId: 'name', code: 'tooShort', params: { min: 2 } },
      { fieldId: 'email', code: 'invalidEmail' },
      { fieldId: 'kind', code: 'invalidChoice' },
      { fieldId: 'days', code: 'tooLarge', params: { max: 30 } },
      { fieldId: 'rate', code: 'tooManyDecimals', params: { decimals: 2 } },
      { fieldId: 'substitute', code: 'required' },
    ]);
  });

  it('refuses values of the wrong shape instead of storing them', () => {
    const result = validateAnswers(definition, {
      name: ['a', 'b'],
      email: 'g@example.com',
      kind: 'vacation',
      days: true,
    });
    expect(result.issues.map((issue) => issue.code)).toEqual(['invalidValue', 'invalidNumber', 'required']);
  });
});

describe('the form definition', () => {
  it('refuses duplicate ids and conditions that look forward or at unknown fields', () => {
    const duplicate = formDefinitionSchema.safeParse({
      title: 'x',
      pages: [{ id: 'p', fields: [{ id: 'p', type: 'yesNo', label: 'a' }] }],
    });
    expect(duplicate.success).toBe(false);
    const forward = formDefinitionSchema.safeParse({
      title: 'x',
      pages: [
        {
          id: 'p1',
          fields: [
            {
              id: 'a',
              type: 'yesNo',
              label: 'a',
              visibleWhen: { combinator: 'and', rules: [{ fieldId: 'b', operator: 'isEmpty' }] },
            },
            { id: 'b', type: 'yesNo', label: 'b' },
          ],
        },
      ],
    });
    expect(forward.success).toBe(false);
  });
});

describe('calculate', () => {
  const read = (values: Record<string, number>) => (id: string) => values[id] ?? 0;

  it('follows precedence, parentheses and unary minus', () => {
    expect(calculate('2 + 3 * 4', read({}))).toEqual({ value: 14 });
    expect(calculate('(2 + 3) * -{a}', read({ a: 4 }))).toEqual({ value: -20 });
    expect(calculate('{a} / 4', read({ a: 10 }))).toEqual({ value: 2.5 });
  });

  it('reports syntax errors and division by zero instead of throwing', () => {
    expect(calculate('2 +', read({}))).toEqual({ error: 'syntax' });
    expect(calculate('alert(1)', read({}))).toEqual({ error: 'syntax' });
    expect(calculate('1 / {a}', read({}))).toEqual({ error: 'division' });
  });
});
