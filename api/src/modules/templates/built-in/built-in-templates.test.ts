import {
  calculate,
  type FormDefinition,
  fieldTypes,
  findReferencedFieldIds,
  formDefinitionSchema,
  templateCategories,
} from '@formwerk/contracts';
import { describe, expect, it } from 'vitest';
import { builtInTemplates } from './built-in-templates';

const languages = ['de', 'en'] as const;

const parse = (definition: unknown): FormDefinition => formDefinitionSchema.parse(definition);
const fieldsOf = (definition: FormDefinition) => definition.pages.flatMap((page) => page.fields);

/** Everything but the words: ids, types, rules and numbers. */
function shapeOf(definition: FormDefinition) {
  return definition.pages.map((page) => ({
    id: page.id,
    fields: page.fields.map((field) => ({
      id: field.id,
      type: field.type,
      required: field.required,
      visibleWhen: field.visibleWhen,
      ...('choices' in field ? { choiceIds: field.choices.map((choice) => choice.id) } : {}),
      ...('expression' in field ? { expression: field.expression } : {}),
    })),
  }));
}

describe('the built-in templates', () => {
  it('are a dozen with unique slugs, in every category', () => {
    const ids = builtInTemplates.map((template) => template.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]{1,60}$/);
    expect(new Set(builtInTemplates.map((template) => template.category))).toEqual(new Set(templateCategories));
  });

  describe.each(builtInTemplates.map((template) => [template.id, template] as const))('%s', (_id, template) => {
    it.each(languages)('is a valid form definition in %s, written in that language', (language) => {
      const result = formDefinitionSchema.safeParse(template.definitionIn(language));
      expect(result.error?.issues ?? []).toEqual([]);
      expect(result.data?.language).toBe(language);
      expect(result.data?.description).not.toBe('');
    });

    it('has the same fields and rules in German and English, with different words', () => {
      const de = parse(template.definitionIn('de'));
      const en = parse(template.definitionIn('en'));
      expect(shapeOf(en)).toEqual(shapeOf(de));
      expect(en.title).not.toBe(de.title);
    });

    it('calculates only from fields before it, with expressions that parse', () => {
      const fields = fieldsOf(parse(template.definitionIn('de')));
      for (const [index, field] of fields.entries()) {
        if (field.type !== 'calculated') continue;
        const earlier = new Set(fields.slice(0, index).map((candidate) => candidate.id));
        expect(findReferencedFieldIds(field.expression)?.every((id) => earlier.has(id))).toBe(true);
        expect(calculate(field.expression, () => 1)).toHaveProperty('value');
      }
    });
  });

  it('use every field type between them', () => {
    const used = new Set(
      builtInTemplates.flatMap((template) => fieldsOf(parse(template.definitionIn('de'))).map((field) => field.type)),
    );
    expect([...fieldTypes].filter((type) => !used.has(type))).toEqual([]);
  });

  it('the order form totals its items plus shipping', () => {
    const order = builtInTemplates.find((template) => template.id === 'product-order');
    const total = fieldsOf(parse(order?.definitionIn('de'))).find((field) => field.id === 'total');
    const answers: Record<string, number> = { shirts: 2, mugs: 1, bags: 0 };
    expect(total?.type === 'calculated' && calculate(total.expression, (id) => answers[id] ?? 0)).toEqual({
      value: 2 * 19.9 + 12.5 + 4.9,
    });
  });
});
