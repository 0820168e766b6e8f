import type { FieldType, FormField, FormPage } from '@formwerk/contracts';

/** A new id for a page, field or choice: short, unique within a form, stable once made. */
export function newId(prefix: 'p' | 'f' | 'c'): string {
  return `${prefix}_${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;
}

/** Texts a new field starts with, in the language of the form being built. */
export type NewFieldTexts = {
  label: string;
  choice: (position: number) => string;
  consentText: string;
  paragraphText: string;
};

/** A field of `type` with sensible defaults, ready to drop into a page. */
export function createField(type: FieldType, texts: NewFieldTexts): FormField {
  const base = { id: newId('f'), label: texts.label, required: false };
  const choices = () => [1, 2, 3].map((position) => ({ id: newId('c'), label: texts.choice(position) }));
  switch (type) {
    case 'shortText':
    case 'longText':
    case 'email':
    case 'phone':
    case 'date':
    case 'time':
    case 'yesNo':
    case 'signature':
      return { ...base, type };
    case 'number':
      return { ...base, type, decimals: 0 };
    case 'singleChoice':
    case 'multipleChoice':
    case 'dropdown':
      return { ...base, type, choices: choices() };
    case 'rating':
      return { ...base, type, max: 5 };
    case 'opinionScale':
      return { ...base, type, min: 0, max: 10 };
    case 'fileUpload':
      return { ...base, type, accept: [], maxSizeMb: 10, maxFiles: 1 };
    case 'consent':
      return { ...base, type, required: true, text: texts.consentText };
    case 'heading':
      return { ...base, type };
    case 'paragraph':
      return { ...base, type, text: texts.paragraphText };
    case 'hidden':
      return { ...base, type, queryParam: 'source' };
    case 'calculated':
      return { ...base, type, expression: '', decimals: 2 };
  }
}

/** A copy of a field under new ids, its choices included, placed right after the original. */
export function copyField(field: FormField): FormField {
  const copy = structuredClone(field);
  copy.id = newId('f');
  if ('choices' in copy) copy.choices = copy.choices.map((choice) => ({ ...choice, id: newId('c') }));
  return copy;
}

export function createPage(): FormPage {
  return { id: newId('p'), fields: [] };
}
