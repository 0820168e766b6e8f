import { describe, expect, it } from 'vitest';
import {
  type FormDefinition,
  type FormDefinitionInput,
  type FormFieldInput,
  formDefinitionSchema,
} from './form-definition.contract';
import { applyChanges, diffDefinitions, dropBrokenConditions } from './form-definition-diff';

const definitionOf = (input: FormDefinitionInput): FormDefinition => formDefinitionSchema.parse(input);
const text = (id: string, label = id, extra: Partial<FormFieldInput> = {}) =>
  ({ id, type: 'shortText', label, ...extra }) as FormFieldInput;
const onePage = (...fields: FormFieldInput[]) => definitionOf({ title: 'Kontakt', pages: [{ id: 'p1', fields }] });
const idsOf = (definition: FormDefinition) => definition.pages.map((page) => page.fields.map((field) => field.id));
const everyId = (definition: FormDefinition, proposed: FormDefinition) =>
  diffDefinitions(definition, proposed).map((change) => change.id);

const contact = definitionOf({
  title: 'Kontakt',
  description: 'Schreiben Sie uns.',
  pages: [
    {
      id: 'p1',
      fields: [
        text('name', 'Name', { required: true }),
        { id: 'email', type: 'email', label: 'E-Mail', required: true },
        { id: 'callback', type: 'yesNo', label: 'Rückruf?' },
        {
          id: 'phone',
          type: 'phone',
          label: 'Telefon',
          required: true,
          visibleWhen: { combinator: 'and', rules: [{ fieldId: 'callback', operator: 'equals', value: true }] },
        },
        { id: 'address', type: 'longText', label: 'Adresse' },
      ],
    },
  ],
});

/** The assistant's answer to "Telefon optional, Adresse weg, eine Einwilligung und eine zweite Seite für Dateien". */
const refined = definitionOf({
  title: 'Kontaktformular',
  description: 'Schreiben Sie uns.',
  pages: [
    {
      id: 'p1',
      fields: [
        text('name', 'Name', { required: true }),
        { id: 'email', type: 'email', label: 'E-Mail', required: true },
        { id: 'callback', type: 'yesNo', label: 'Rückruf?' },
        {
          id: 'phone',
          type: 'phone',
          label: 'Telefon',
          visibleWhen: { combinator: 'and', rules: [{ fieldId: 'callback', operator: 'equals', value: true }] },
        },
        { id: 'consent', type: 'consent', label: 'Datenschutz', text: 'Ich bin einverstanden.', required: true },
      ],
    },
    { id: 'p2', title: 'Dateien', fields: [{ id: 'files', type: 'fileUpload', label: 'Anhänge' }] },
  ],
});

describe('diffDefinitions', () => {
  it('finds nothing between a definition and itself', () => {
    expect(diffDefinitions(contact, structuredClone(contact))).toEqual([]);
  });

  it('names what was added, changed and removed, in the reading order of the proposal, removals last', () => {
    expect(diffDefinitions(contact, refined)).toEqual([
      { id: 'formChanged:title', kind: 'formChanged', property: 'title' },
      { id: 'fieldChanged:phone', kind: 'fieldChanged', fieldId: 'phone', properties: ['required'] },
      { id: 'fieldAdded:consent', kind: 'fieldAdded', fieldId: 'consent', pageId: 'p1' },
      { id: 'pageAdded:p2', kind: 'pageAdded', pageId: 'p2' },
      { id: 'fieldAdded:files', kind: 'fieldAdded', fieldId: 'files', pageId: 'p2' },
      { id: 'fieldRemoved:address', kind: 'fieldRemoved', fieldId: 'address', pageId: 'p1' },
    ]);
  });

  it('names every property a field changes, the label and type first, whatever the order of keys', () => {
    const before = onePage({ id: 'size', type: 'singleChoice', label: 'Größe', choices: [{ id: 's', label: 'S' }] });
    const after = onePage({
      choices: [
        { id: 's', label: 'S' },
        { id: 'm', label: 'M' },
      ],
      help: 'Bitte wählen',
      label: 'T-Shirt-Größe',
      type: 'dropdown',
      id: 'size',
    });
    expect(diffDefinitions(before, after)).toEqual([
      {
        id: 'fieldChanged:size',
        kind: 'fieldChanged',
        fieldId: 'size',
        properties: ['label', 'type', 'choices', 'help'],
      },
    ]);
  });

  it('moves nothing when fields are only inserted or removed around the others', () => {
    const before = onePage(text('a'), text('b'), text('c'));
    const after = onePage(text('new'), text('a'), text('c'), text('other'));
    expect(everyId(before, after)).toEqual(['fieldAdded:new', 'fieldAdded:other', 'fieldRemoved:b']);
  });

  it('counts a swap of two neighbours as one move, and a field on another page as moved there', () => {
    const before = definitionOf({
      title: 'T',
      pages: [
        { id: 'p1', fields: [text('a'), text('b'), text('c')] },
        { id: 'p2', fields: [text('d')] },
      ],
    });
    const after = definitionOf({
      title: 'T',
      pages: [
        { id: 'p1', fields: [text('b'), text('a')] },
        { id: 'p2', fields: [text('d'), text('c')] },
      ],
    });
    expect(diffDefinitions(before, after)).toEqual([
      { id: 'fieldMoved:a', kind: 'fieldMoved', fieldId: 'a', fromPageId: 'p1', toPageId: 'p1' },
      { id: 'fieldMoved:c', kind: 'fieldMoved', fieldId: 'c', fromPageId: 'p1', toPageId: 'p2' },
    ]);
  });

  it('names pages retitled, moved and removed; the fields of a moved page stay where they are on it', () => {
    const before = definitionOf({
      title: 'T',
      pages: [
        { id: 'p1', title: 'Eins', fields: [text('a')] },
        { id: 'p2', fields: [text('b')] },
        { id: 'p3', fields: [] },
      ],
    });
    const after = definitionOf({
      title: 'T',
      pages: [
        { id: 'p2', fields: [text('b')] },
        { id: 'p1', title: 'Erste Seite', fields: [text('a')] },
      ],
    });
    expect(everyId(before, after)).toEqual(['pageChanged:p1', 'pageMoved:p1', 'pageRemoved:p3']);
    expect(diffDefinitions(before, after)[0]).toMatchObject({ properties: ['title'] });
  });
});

describe('applyChanges', () => {
  it('with every change gives the proposal, with none the current form itself', () => {
    const all = everyId(contact, refined);
    expect(applyChanges(contact, refined, all)).toEqual(refined);
    expect(applyChanges(contact, refined, [])).toBe(contact);
  });

  it('takes one change alone and keeps every other field as the same object', () => {
    const result = applyChanges(contact, refined, ['fieldChanged:phone']);
    expect(result?.pages[0]?.fields.find((field) => field.id === 'phone')?.required).toBe(false);
    expect(result?.title).toBe('Kontakt');
    expect(idsOf(result as FormDefinition)).toEqual([['name', 'email', 'callback', 'phone', 'address']]);
    const [page] = contact.pages;
    expect(result?.pages[0]?.fields[0]).toBe(page?.fields[0]);
    expect(result?.pages[0]?.fields[4]).toBe(page?.fields[4]);
  });

  it('puts an added field after the field before it in the proposal', () => {
    const before = onePage(text('name'), text('email'), text('message'));
    const after = onePage(text('name'), text('email'), text('phone'), text('message'), text('consent'));
    expect(idsOf(applyChanges(before, after, ['fieldAdded:phone']) as FormDefinition)).toEqual([
      ['name', 'email', 'phone', 'message'],
    ]);
    const first = onePage(text('intro'), text('name'));
    expect(idsOf(applyChanges(onePage(text('name')), first, ['fieldAdded:intro']) as FormDefinition)).toEqual([
      ['intro', 'name'],
    ]);
  });

  it('puts a field of a new page that is not taken on the page of the field before it', () => {
    const result = applyChanges(contact, refined, ['fieldAdded:files']);
    expect(idsOf(result as FormDefinition)).toEqual([['name', 'email', 'callback', 'phone', 'address', 'files']]);
    const withPage = applyChanges(contact, refined, ['fieldAdded:files', 'pageAdded:p2']);
    expect(withPage?.pages.map((page) => page.title)).toEqual([undefined, 'Dateien']);
    expect(idsOf(withPage as FormDefinition)).toEqual([['name', 'email', 'callback', 'phone', 'address'], ['files']]);
  });

  it('moves only the moves chosen', () => {
    const before = onePage(text('a'), text('b'), text('c'), text('d'));
    const after = onePage(text('d'), text('a'), text('c'), text('b'));
    const moves = everyId(before, after);
    expect(moves).toEqual(['fieldMoved:d', 'fieldMoved:b']);
    expect(idsOf(applyChanges(before, after, ['fieldMoved:d']) as FormDefinition)).toEqual([['d', 'a', 'b', 'c']]);
    expect(idsOf(applyChanges(before, after, ['fieldMoved:b']) as FormDefinition)).toEqual([['a', 'c', 'b', 'd']]);
  });

  it('keeps the fields of a removed page on the page before it when their removal is not chosen', () => {
    const before = definitionOf({
      title: 'T',
      pages: [
        { id: 'p1', fields: [text('a')] },
        { id: 'p2', fields: [text('b'), text('c')] },
      ],
    });
    const after = definitionOf({ title: 'T', pages: [{ id: 'p1', fields: [text('a')] }] });
    expect(everyId(before, after)).toEqual(['fieldRemoved:b', 'fieldRemoved:c', 'pageRemoved:p2']);
    expect(idsOf(applyChanges(before, after, ['pageRemoved:p2', 'fieldRemoved:c']) as FormDefinition)).toEqual([
      ['a', 'b'],
    ]);
  });

  it('never leaves a form without a page', () => {
    const before = definitionOf({ title: 'T', pages: [{ id: 'old', fields: [text('a')] }] });
    const after = definitionOf({ title: 'T', pages: [{ id: 'new', fields: [text('b')] }] });
    const result = applyChanges(before, after, ['pageRemoved:old', 'fieldRemoved:a', 'fieldAdded:b']);
    expect(result?.pages.map((page) => page.id)).toEqual(['old']);
    expect(idsOf(result as FormDefinition)).toEqual([['b']]);
  });

  it('drops a condition whose field is removed, and keeps the definition valid', () => {
    const withoutCallback = definitionOf({
      ...contact,
      pages: [
        {
          id: 'p1',
          fields: [
            text('name', 'Name', { required: true }),
            { id: 'email', type: 'email', label: 'E-Mail', required: true },
            { id: 'phone', type: 'phone', label: 'Telefon', required: true },
            { id: 'address', type: 'longText', label: 'Adresse' },
          ],
        },
      ],
    });
    expect(everyId(contact, withoutCallback)).toEqual(['fieldChanged:phone', 'fieldRemoved:callback']);
    const result = applyChanges(contact, withoutCallback, ['fieldRemoved:callback']);
    const phone = result?.pages[0]?.fields.find((field) => field.id === 'phone');
    expect(phone).toBeDefined();
    expect(phone?.visibleWhen).toBeUndefined();
  });

  it('gives a valid definition for every choice of changes', () => {
    const proposal = definitionOf({
      title: 'Anmeldung',
      description: 'Neu',
      pages: [
        { id: 'p2', title: 'Zwei', fields: [text('d'), text('b')] },
        {
          id: 'p1',
          fields: [
            { id: 'callback', type: 'yesNo', label: 'Rückruf?' },
            text('x', 'X', {
              visibleWhen: { combinator: 'or', rules: [{ fieldId: 'callback', operator: 'equals', value: true }] },
            }),
            text('a'),
          ],
        },
        { id: 'p4', fields: [text('e')] },
      ],
    });
    const start = definitionOf({
      title: 'T',
      pages: [
        {
          id: 'p1',
          fields: [text('a'), { id: 'callback', type: 'yesNo', label: 'Rückruf' }, text('b'), text('c')],
        },
        {
          id: 'p2',
          fields: [
            text('d', 'D', { visibleWhen: { combinator: 'and', rules: [{ fieldId: 'c', operator: 'isEmpty' }] } }),
          ],
        },
        { id: 'p3', fields: [] },
      ],
    });
    const ids = everyId(start, proposal);
    expect(ids).toEqual([
      'formChanged:title',
      'formChanged:description',
      'pageChanged:p2',
      'fieldChanged:d',
      'fieldMoved:b',
      'pageMoved:p1',
      'fieldChanged:callback',
      'fieldAdded:x',
      'fieldMoved:a',
      'pageAdded:p4',
      'fieldAdded:e',
      'fieldRemoved:c',
      'pageRemoved:p3',
    ]);
    for (let mask = 0; mask < 2 ** ids.length; mask += 1) {
      const chosen = ids.filter((_id, bit) => (mask >> bit) & 1);
      const result = applyChanges(start, proposal, chosen);
      expect(result, chosen.join(' ')).not.toBeNull();
      expect(formDefinitionSchema.safeParse(result).success).toBe(true);
    }
    expect(applyChanges(start, proposal, ids)).toEqual(proposal);
  });
});

describe('dropBrokenConditions', () => {
  it('drops rules reading a later or missing field, and keeps every intact object', () => {
    const definition = {
      ...contact,
      pages: [
        {
          id: 'p1',
          skipWhen: { combinator: 'and', rules: [{ fieldId: 'name', operator: 'isEmpty' }] },
          fields: [
            ...(contact.pages[0]?.fields ?? []),
            {
              ...text('later', 'Later'),
              required: false,
              visibleWhen: {
                combinator: 'or',
                rules: [
                  { fieldId: 'gone', operator: 'isEmpty' },
                  { fieldId: 'email', operator: 'isNotEmpty' },
                ],
              },
            },
          ],
        },
      ],
    } as FormDefinition;
    const repaired = dropBrokenConditions(definition);
    expect(repaired.pages[0]?.skipWhen).toBeUndefined();
    expect(repaired.pages[0]?.fields.at(-1)?.visibleWhen?.rules).toEqual([
      { fieldId: 'email', operator: 'isNotEmpty' },
    ]);
    expect(repaired.pages[0]?.fields[3]).toBe(definition.pages[0]?.fields[3]);
    expect(formDefinitionSchema.safeParse(repaired).success).toBe(true);
    expect(dropBrokenConditions(contact)).toBe(contact);
  });
});
