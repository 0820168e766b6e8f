import type { Answers, AnswerValue, FormField } from '@formwerk/contracts';
import type { ScriptField, ScriptValue, ScriptValues, SetValueRefusal } from './protocol';

// How answers look to the owner's script, and which values a script may give a field. The frame runs
// code nobody checked: a value it sends is taken only in the shape the field's own input would give.

/** Longest text the api takes for one answer. */
const maximumTextLength = 10_000;

const textTypes = new Set<FormField['type']>(['shortText', 'longText', 'email', 'phone', 'hidden']);
/**
 * Uploads carry file ids a script must not invent, calculations follow their formula, and consent is
 * given by the respondent's own hand or not at all.
 */
const readOnlyTypes = new Set<FormField['type']>(['fileUpload', 'signature', 'calculated', 'consent']);
const displayOnlyTypes = new Set<FormField['type']>(['heading', 'paragraph']);

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const timePattern = /^\d{2}:\d{2}(:\d{2})?$/;

/** The fields a script can read: every field that takes an answer. */
export function toScriptFields(fields: readonly FormField[]): ScriptField[] {
  return fields
    .filter((field) => !displayOnlyTypes.has(field.type))
    .map((field) => ({ id: field.id, type: field.type, label: field.label }));
}

export function toScriptValue(field: FormField, value: AnswerValue | undefined): ScriptValue | null {
  if (value === undefined) return null;
  if (field.type === 'number' && typeof value === 'string') {
    // The input keeps what the respondent typed; a script gets the number once it is one.
    const number = Number(value.replace(',', '.'));
    return value.trim() !== '' && Number.isFinite(number) ? number : value;
  }
  if (Array.isArray(value)) {
    return value.map((item) =>
      typeof item === 'string' ? item : { name: item.name, size: item.size, type: item.type },
    ) as ScriptValue;
  }
  return value;
}

export function toScriptValues(fields: readonly FormField[], answers: Answers): ScriptValues {
  const values: ScriptValues = {};
  for (const field of fields) {
    if (displayOnlyTypes.has(field.type)) continue;
    const value = toScriptValue(field, answers[field.id]);
    if (value !== null) values[field.id] = value;
  }
  return values;
}

type Accepted = { value: AnswerValue | undefined };
type Refused = { refusal: SetValueRefusal };

const accept = (value: AnswerValue | undefined): Accepted => ({ value });
const invalid: Refused = { refusal: 'invalidValue' };

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length <= maximumTextLength;
}

function isChoiceOf(field: FormField & { choices: { id: string }[] }, value: unknown): value is string {
  return typeof value === 'string' && field.choices.some((choice) => choice.id === value);
}

/**
 * The answer a script's `setValue` gives `field`, or why it is refused. `null` (or undefined) clears
 * the field. Checks the type, not the field's rules: a text that is no email still shows, and the form
 * says what is wrong with it as it would for a respondent.
 */
export function acceptScriptValue(field: FormField | undefined, value: unknown): Accepted | Refused {
  if (field === undefined || displayOnlyTypes.has(field.type)) return { refusal: 'unknownField' };
  if (readOnlyTypes.has(field.type)) return { refusal: 'readOnlyField' };
  if (value === null || value === undefined) return accept(undefined);
  if (textTypes.has(field.type)) return isText(value) ? accept(value === '' ? undefined : value) : invalid;

  switch (field.type) {
    case 'number':
      if (typeof value === 'number') return Number.isFinite(value) ? accept(value) : invalid;
      return isText(value) ? accept(value === '' ? undefined : value) : invalid;
    case 'date':
      return typeof value === 'string' && datePattern.test(value) ? accept(value) : invalid;
    case 'time':
      return typeof value === 'string' && timePattern.test(value) ? accept(value) : invalid;
    case 'singleChoice':
    case 'dropdown':
      return isChoiceOf(field, value) ? accept(value) : invalid;
    case 'multipleChoice':
      if (!Array.isArray(value) || !value.every((item) => isChoiceOf(field, item))) return invalid;
      return accept(value.length === 0 ? undefined : [...new Set(value as string[])]);
    case 'yesNo':
      return typeof value === 'boolean' ? accept(value) : invalid;
    case 'rating':
    case 'opinionScale': {
      const min = field.type === 'rating' ? 1 : field.min;
      const isOnScale = typeof value === 'number' && Number.isInteger(value) && value >= min && value <= field.max;
      return isOnScale ? accept(value) : invalid;
    }
    default:
      return invalid;
  }
}
