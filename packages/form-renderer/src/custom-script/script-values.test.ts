import { type FormDefinitionInput, formDefinitionSchema } from '@formwerk/contracts';
import { describe, expect, it } from 'vitest';
import { acceptScriptValue, toScriptFields, toScriptValues } from './script-values';

const definition = formDefinitionSchema.parse({
  title: 'Anmeldung',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'intro', type: 'heading', label: 'Willkommen' },
        { id: 'name', type: 'shortText', label: 'Name' },
        { id: 'guests', type: 'number', label: 'Gäste', decimals: 0 },
        { id: 'day', type: 'date', label: 'Tag' },
        { id: 'meal', type: 'dropdown', label: 'Essen', choices: [{ id: 'veg', label: 'Vegetarisch' }] },
        {
          id: 'extras',
          type: 'multipleChoice',
          label: 'Extras',
          choices: [
            { id: 'parking', label: 'Parkplatz' },
            { id: 'hotel', label: 'Hotel' },
          ],
        },
        { id: 'member', type: 'yesNo', label: 'Mitglied?' },
        { id: 'stars', type: 'rating', label: 'Bewertung', max: 5 },
        { id: 'cv', type: 'fileUpload', label: 'Lebenslauf' },
        { id: 'terms', type: 'consent', label: 'AGB', text: 'Ich stimme zu.' },
        { id: 'total', type: 'calculated', label: 'Summe', expression: '{guests} * 2' },
        { id: 'source', type: 'hidden', label: 'Quelle', queryParam: 'source' },
      ],
    },
  ],
} satisfies FormDefinitionInput);
const fields = definition.pages.flatMap((page) => page.fields);
const field = (id: string) => fields.find((candidate) => candidate.id === id);

describe('acceptScriptValue', () => {
  it('takes values in the shape the field’s own input gives', () => {
    expect(acceptScriptValue(field('name'), 'Ada')).toEqual({ value: 'Ada' });
    expect(acceptScriptValue(field('source'), 'newsletter')).toEqual({ value: 'newsletter' });
    expect(acceptScriptValue(field('guests'), 3)).toEqual({ value: 3 });
    expect(acceptScriptValue(field('guests'), '3')).toEqual({ value: '3' });
    expect(acceptScriptValue(field('day'), '2027-05-01')).toEqual({ value: '2027-05-01' });
    expect(acceptScriptValue(field('meal'), 'veg')).toEqual({ value: 'veg' });
    expect(acceptScriptValue(field('extras'), ['hotel', 'hotel', 'parking'])).toEqual({ value: ['hotel', 'parking'] });
    expect(acceptScriptValue(field('member'), false)).toEqual({ value: false });
    expect(acceptScriptValue(field('stars'), 4)).toEqual({ value: 4 });
  });

  it('clears a field for null, undefined, an empty text or no choice', () => {
    expect(acceptScriptValue(field('name'), null)).toEqual({ value: undefined });
    expect(acceptScriptValue(field('name'), undefined)).toEqual({ value: undefined });
    expect(acceptScriptValue(field('name'), '')).toEqual({ value: undefined });
    expect(acceptScriptValue(field('extras'), [])).toEqual({ value: undefined });
  });

  it('refuses values of another type, unknown choices and numbers off the scale', () => {
    const invalid = { refusal: 'invalidValue' };
    expect(acceptScriptValue(field('name'), 42)).toEqual(invalid);
    expect(acceptScriptValue(field('name'), { toString: 'x' })).toEqual(invalid);
    expect(acceptScriptValue(field('name'), 'x'.repeat(10_001))).toEqual(invalid);
    expect(acceptScriptValue(field('guests'), Number.NaN)).toEqual(invalid);
    expect(acceptScriptValue(field('guests'), true)).toEqual(invalid);
    expect(acceptScriptValue(field('day'), 'tomorrow')).toEqual(invalid);
    expect(acceptScriptValue(field('meal'), 'steak')).toEqual(invalid);
    expect(acceptScriptValue(field('extras'), ['hotel', 'spa'])).toEqual(invalid);
    expect(acceptScriptValue(field('extras'), 'hotel')).toEqual(invalid);
    expect(acceptScriptValue(field('member'), 'yes')).toEqual(invalid);
    expect(acceptScriptValue(field('stars'), 6)).toEqual(invalid);
    expect(acceptScriptValue(field('stars'), 2.5)).toEqual(invalid);
  });

  it('refuses unknown and display-only fields, uploads, consent and calculations', () => {
    expect(acceptScriptValue(undefined, 'x')).toEqual({ refusal: 'unknownField' });
    expect(acceptScriptValue(field('intro'), 'x')).toEqual({ refusal: 'unknownField' });
    const upload = [{ fileId: 'f1', name: 'cv.pdf', size: 10, type: 'application/pdf' }];
    expect(acceptScriptValue(field('cv'), upload)).toEqual({ refusal: 'readOnlyField' });
    expect(acceptScriptValue(field('terms'), true)).toEqual({ refusal: 'readOnlyField' });
    expect(acceptScriptValue(field('total'), 10)).toEqual({ refusal: 'readOnlyField' });
  });
});

describe('toScriptValues', () => {
  it('gives numbers as numbers once they are, and uploads without their file ids', () => {
    const values = toScriptValues(fields, {
      name: 'Ada',
      guests: '2,0',
      day: undefined,
      cv: [{ fileId: 'secret-id', name: 'cv.pdf', size: 10, type: 'application/pdf' }],
    });
    expect(values).toEqual({ name: 'Ada', guests: 2, cv: [{ name: 'cv.pdf', size: 10, type: 'application/pdf' }] });
    expect(toScriptValues(fields, { guests: 'zwei' })).toEqual({ guests: 'zwei' });
  });

  it('lists the fields that take answers, with their type and label', () => {
    expect(toScriptFields(fields).map((item) => item.id)).not.toContain('intro');
    expect(toScriptFields(fields)[0]).toEqual({ id: 'name', type: 'shortText', label: 'Name' });
  });
});
