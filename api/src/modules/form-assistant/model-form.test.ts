import { type AssistantModelField, formDefinitionSchema } from '@formwerk/contracts';
import { describe, expect, it } from 'vitest';
import { fromModelForm, toModelForm } from './model-form';
import { idFromText, resolveIds } from './proposal-ids';

const base = formDefinitionSchema.parse({
  title: 'Anmeldung',
  pages: [
    {
      id: 'p_main',
      fields: [
        { id: 'f_name', type: 'shortText', label: 'Name', required: true, pattern: '[A-Za-z ]+' },
        { id: 'f_come', type: 'yesNo', label: 'Kommen Sie?' },
        {
          id: 'f_size',
          type: 'singleChoice',
          label: 'Größe',
          choices: [
            { id: 'c_s', label: 'S' },
            { id: 'c_m', label: 'M' },
          ],
          visibleWhen: { combinator: 'and', rules: [{ fieldId: 'f_come', operator: 'equals', value: true }] },
        },
        { id: 'f_cv', type: 'fileUpload', label: 'Lebenslauf', accept: ['application/pdf'], maxSizeMb: 5 },
        { id: 'f_source', type: 'hidden', label: 'Quelle', queryParam: 'utm_source' },
      ],
    },
  ],
});

const field = (
  settings: Partial<AssistantModelField> & Pick<AssistantModelField, 'type' | 'label'>,
): AssistantModelField => ({
  id: null,
  help: null,
  required: false,
  placeholder: null,
  choices: null,
  text: null,
  min: null,
  max: null,
  ...settings,
});

describe('idFromText', () => {
  it('spells out umlauts and keeps ids short and valid', () => {
    expect(idFromText('Größe (T-Shirt) für Gäste', 'field')).toBe('groesse-t-shirt-fuer-gaeste');
    expect(idFromText('?!', 'field')).toBe('field');
    expect(idFromText('x'.repeat(80), 'field')).toHaveLength(32);
  });
});

describe('resolveIds', () => {
  it('keeps the ids of the form it changes, finds an unnamed field by type and label, and makes the rest unique', () => {
    const ids = resolveIds(
      [
        {
          id: 'p_main',
          fields: [
            { id: 'f_name', type: 'shortText', label: 'Name' },
            { id: null, type: 'yesNo', label: 'kommen sie?' },
            { id: 'f_name', type: 'email', label: 'E-Mail' },
            { id: 'p_main', type: 'phone', label: 'Telefon' },
            { id: null, type: 'shortText', label: 'Name' },
            { id: 'bad id!', type: 'date', label: 'Datum' },
          ],
        },
        { id: null, title: 'Zweite Seite', fields: [{ id: 'neu', type: 'shortText', label: 'Neu' }] },
      ],
      base,
    );
    expect(ids.pageIds).toEqual(['p_main', 'zweite-seite']);
    expect(ids.fieldIds).toEqual([['f_name', 'f_come', 'f_name-2', 'p_main-2', 'name', 'datum'], ['neu']]);
    // An id that moved because another element holds it is not followed: references mean the holder.
    expect([...ids.renamed]).toEqual([]);
  });

  it('without a form to change, keeps the ids proposed and numbers a second of one', () => {
    const ids = resolveIds(
      [
        {
          id: 'page-1',
          fields: [
            { id: 'email', type: 'email', label: 'E-Mail' },
            { id: 'email', type: 'email', label: 'E-Mail' },
          ],
        },
      ],
      undefined,
    );
    expect(ids.fieldIds).toEqual([['email', 'email-2']]);
  });
});

describe('fromModelForm', () => {
  it('gives back the same definition for the form as a model is shown it', () => {
    const roundTrip = formDefinitionSchema.parse(fromModelForm(toModelForm(base), base, 'de'));
    expect(roundTrip).toEqual(base);
  });

  it("keeps what a kept field has beyond the model's settings, and the choices' ids by their labels", () => {
    const form = toModelForm(base);
    const [name, come, size, cv] = form.pages[0]?.fields ?? [];
    const draft = fromModelForm(
      {
        ...form,
        pages: [
          {
            id: 'p_main',
            title: 'Ihre Angaben',
            fields: [
              { ...(name as AssistantModelField), label: 'Ihr Name', placeholder: 'Erika Muster' },
              come as AssistantModelField,
              { ...(size as AssistantModelField), choices: ['m', 'L', 'S'] },
              { ...(cv as AssistantModelField), required: true },
              field({ type: 'rating', label: 'Wie gefällt es Ihnen?', max: 50 }),
              field({ type: 'consent', label: 'Datenschutz', required: true }),
            ],
          },
        ],
      },
      base,
      'de',
    );
    const definition = formDefinitionSchema.parse(draft);
    expect(definition.pages[0]?.title).toBe('Ihre Angaben');
    expect(definition.pages[0]?.fields).toEqual([
      {
        id: 'f_name',
        type: 'shortText',
        label: 'Ihr Name',
        placeholder: 'Erika Muster',
        required: true,
        pattern: '[A-Za-z ]+',
      },
      { id: 'f_come', type: 'yesNo', label: 'Kommen Sie?', required: false },
      {
        id: 'f_size',
        type: 'singleChoice',
        label: 'Größe',
        required: false,
        choices: [
          { id: 'c_m', label: 'm' },
          { id: 'l', label: 'L' },
          { id: 'c_s', label: 'S' },
        ],
        visibleWhen: { combinator: 'and', rules: [{ fieldId: 'f_come', operator: 'equals', value: true }] },
      },
      {
        id: 'f_cv',
        type: 'fileUpload',
        label: 'Lebenslauf',
        required: true,
        accept: ['application/pdf'],
        maxSizeMb: 5,
        maxFiles: 1,
      },
      { id: 'wie-gefaellt-es-ihnen', type: 'rating', label: 'Wie gefällt es Ihnen?', required: false, max: 10 },
      { id: 'datenschutz', type: 'consent', label: 'Datenschutz', required: true, text: 'Datenschutz' },
    ]);
  });

  it('lets a field change its type, keeping its id and condition but not the old settings', () => {
    const form = toModelForm(base);
    const size = form.pages[0]?.fields[2] as AssistantModelField;
    const draft = fromModelForm(
      {
        ...form,
        pages: [
          {
            ...(form.pages[0] as NonNullable<(typeof form.pages)[0]>),
            fields: [form.pages[0]?.fields[1] as AssistantModelField, { ...size, type: 'shortText', choices: null }],
          },
        ],
      },
      base,
      'de',
    );
    expect(formDefinitionSchema.parse(draft).pages[0]?.fields[1]).toEqual({
      id: 'f_size',
      type: 'shortText',
      label: 'Größe',
      required: false,
      visibleWhen: { combinator: 'and', rules: [{ fieldId: 'f_come', operator: 'equals', value: true }] },
    });
  });

  it('leaves a choice field without choices invalid, for the caller to refuse', () => {
    const draft = fromModelForm(
      {
        title: 'T',
        description: '',
        pages: [{ id: null, title: null, fields: [field({ type: 'dropdown', label: 'Land' })] }],
      },
      undefined,
      'en',
    );
    expect(formDefinitionSchema.safeParse(draft).success).toBe(false);
  });
});
