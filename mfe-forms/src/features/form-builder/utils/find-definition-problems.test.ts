import { type FormDefinition, type FormField, formDefinitionSchema, pageSchema } from '@formwerk/contracts';
import { produce } from 'immer';
import { describe, expect, it, vi } from 'vitest';
import { updateField } from './definition-edits';
import { findDefinitionProblems } from './find-definition-problems';

const field = (id: string, label = id.toUpperCase()): FormField => ({ id, type: 'shortText', label, required: false });

function twoPages(): FormDefinition {
  return {
    title: 'Survey',
    description: '',
    language: 'en',
    pages: [
      { id: 'p1', fields: [field('a'), field('b')] },
      { id: 'p2', fields: [field('c'), { id: 'd', type: 'singleChoice', label: 'D', required: false, choices: [] }] },
    ],
  };
}

describe('the problems that keep a definition from being saved', () => {
  it('names the field whose settings the schema refuses, as the whole definition is refused', () => {
    const definition = twoPages();
    expect(formDefinitionSchema.safeParse(definition).success).toBe(false);
    expect(findDefinitionProblems(definition)).toEqual([{ elementId: 'd', key: 'invalidSetting', label: 'D' }]);
  });

  it('names the form for a setting of its own, and a field whose id another element has', () => {
    const definition = produce(twoPages(), (draft) => {
      draft.title = 'T'.repeat(201);
      draft.pages[1]?.fields.splice(1, 1, field('p1', 'Copy'));
    });
    expect(formDefinitionSchema.safeParse(definition).success).toBe(false);
    expect(findDefinitionProblems(definition)).toEqual([
      { key: 'invalidSetting', label: definition.title },
      { elementId: 'p1', key: 'invalidSetting', label: 'Copy' },
    ]);
  });

  it('finds nothing in a definition the schema takes', () => {
    const definition = produce(twoPages(), (draft) => {
      draft.pages[1]?.fields.pop();
    });
    expect(formDefinitionSchema.safeParse(definition).success).toBe(true);
    expect(findDefinitionProblems(definition)).toEqual([]);
  });

  it('after an edit, checks again only the page that the edit changed', () => {
    const parse = vi.spyOn(pageSchema, 'safeParse');
    const before = twoPages();
    findDefinitionProblems(before);
    expect(parse).toHaveBeenCalledTimes(2);

    const after = produce(before, (draft) => updateField(draft, 'd', { choices: [{ id: 'yes', label: 'Yes' }] }));
    expect(findDefinitionProblems(after)).toEqual([]);
    expect(parse).toHaveBeenCalledTimes(3);
    expect(parse).toHaveBeenLastCalledWith(after.pages[1]);
    parse.mockRestore();
  });
});
