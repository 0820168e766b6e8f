import { describe, expect, it } from 'vitest';
import { formDefinitionSchema } from './form-definition.contract';
import { fillPlaceholders } from './form-placeholders';

const definition = formDefinitionSchema.parse({
  title: 'Bestellung',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name' },
        {
          id: 'size',
          type: 'singleChoice',
          label: 'Größe',
          choices: [
            { id: 's', label: 'Klein' },
            { id: 'l', label: 'Groß' },
          ],
        },
        {
          id: 'extras',
          type: 'multipleChoice',
          label: 'Extras',
          choices: [
            { id: 'a', label: 'Käse' },
            { id: 'b', label: 'Oliven' },
          ],
        },
        { id: 'pickup', type: 'yesNo', label: 'Abholung' },
        { id: 'count', type: 'number', label: 'Anzahl', decimals: 1 },
        { id: 'files', type: 'fileUpload', label: 'Datei' },
      ],
    },
  ],
});
const answers = {
  name: 'Ina',
  size: 'l',
  extras: ['a', 'b'],
  pickup: true,
  count: 1.5,
  files: [{ fileId: 'f', name: 'plan.pdf', size: 1, type: 'application/pdf' }],
};

describe('placeholders in the owner’s texts', () => {
  it('become the answers as people read them, in the language of the text', () => {
    const template = '{name}: {size}, {extras}, {pickup}, {count}, {files} – {reference} für {formTitle}';
    const values = { reference: 'B-0007', formTitle: 'Bestellung' };
    expect(fillPlaceholders(template, { definition, answers, locale: 'de', values })).toBe(
      'Ina: Groß, Käse, Oliven, Ja, 1,5, plan.pdf – B-0007 für Bestellung',
    );
    expect(fillPlaceholders('{pickup} {count}', { definition, answers, locale: 'en', values })).toBe('Yes 1.5');
  });

  it('leave unanswered fields empty and unknown placeholders as typed', () => {
    expect(fillPlaceholders('Hallo {name}{typo}', { definition, answers: {}, locale: 'de', values: {} })).toBe(
      'Hallo {typo}',
    );
  });
});
