import type { FormDefinition } from '@formwerk/contracts';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { duplicateField, moveField, removeField, stepField } from './definition-edits';

function twoPages(): FormDefinition {
  return {
    title: 'T',
    description: '',
    language: 'de',
    pages: [
      {
        id: 'p1',
        fields: [
          { id: 'a', type: 'yesNo', label: 'A', required: false },
          {
            id: 'b',
            type: 'shortText',
            label: 'B',
            required: false,
            visibleWhen: { combinator: 'and', rules: [{ fieldId: 'a', operator: 'equals', value: true }] },
          },
        ],
      },
      {
        id: 'p2',
        fields: [{ id: 'c', type: 'email', label: 'C', required: false }],
        skipWhen: {
          combinator: 'or',
          rules: [
            { fieldId: 'a', operator: 'equals', value: false },
            { fieldId: 'b', operator: 'isEmpty' },
          ],
        },
      },
    ],
  };
}

const idsOf = (definition: FormDefinition) => definition.pages.map((page) => page.fields.map((field) => field.id));

describe('definition edits', () => {
  it('moves a field within a page to the position it was dropped on, and into another page before the field there', () => {
    const definition = twoPages();
    moveField(definition, 'a', 'p1', 1);
    expect(idsOf(definition)).toEqual([['b', 'a'], ['c']]);
    moveField(definition, 'b', 'p2', 0);
    expect(idsOf(definition)).toEqual([['a'], ['b', 'c']]);
  });

  it('steps a field across to the neighbouring page at the end of its own', () => {
    const definition = twoPages();
    stepField(definition, 'b', 1);
    expect(idsOf(definition)).toEqual([['a'], ['b', 'c']]);
    stepField(definition, 'b', -1);
    expect(idsOf(definition)).toEqual([['a', 'b'], ['c']]);
  });

  it('removing a field drops the rules that read it, and a condition left without rules', () => {
    const definition = twoPages();
    removeField(definition, 'a');
    expect(definition.pages[0]?.fields[0]).not.toHaveProperty('visibleWhen');
    expect(definition.pages[1]?.skipWhen?.rules).toEqual([{ fieldId: 'b', operator: 'isEmpty' }]);
  });
});

describe('edits through Immer, as the builder store makes them', () => {
  it('duplicates a field right after it under a new id, and leaves the other pages as they were', () => {
    const before = twoPages();
    const after = produce(before, (draft) => {
      duplicateField(draft, 'b');
    });
    const [first, second] = after.pages;
    expect(first?.fields.map((field) => field.label)).toEqual(['A', 'B', 'B']);
    expect(first?.fields[2]?.id).not.toBe('b');
    expect(first?.fields[2]?.visibleWhen).toEqual(before.pages[0]?.fields[1]?.visibleWhen);
    // Untouched parts keep their objects: their cards are not drawn again.
    expect(second).toBe(before.pages[1]);
    expect(first?.fields[0]).toBe(before.pages[0]?.fields[0]);
  });
});
