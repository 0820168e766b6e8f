// Plain values of the form model without zod, for code that must stay small (the public fill page).

export const fieldTypes = [
  'shortText',
  'longText',
  'email',
  'phone',
  'number',
  'date',
  'time',
  'singleChoice',
  'multipleChoice',
  'dropdown',
  'yesNo',
  'rating',
  'opinionScale',
  'fileUpload',
  'signature',
  'consent',
  'heading',
  'paragraph',
  'hidden',
  'calculated',
] as const;
export type FieldType = (typeof fieldTypes)[number];

/** Fields that show content and take no answer. */
export const displayOnlyFieldTypes: readonly FieldType[] = ['heading', 'paragraph'];

/** Fields whose answer is a file (an upload, a drawn signature), not a value to read as text. */
export const fileFieldTypes: readonly FieldType[] = ['fileUpload', 'signature'];

export const conditionOperators = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'greaterThan',
  'lessThan',
  'isEmpty',
  'isNotEmpty',
] as const;
export type ConditionOperator = (typeof conditionOperators)[number];
