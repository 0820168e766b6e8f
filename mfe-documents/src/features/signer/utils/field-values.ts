import type { Locale, SigningFieldValue, SigningView, TemplateField } from '@formwerk/contracts';
import { formatDate } from '@formwerk/platform';

export type SignerField = TemplateField;
export type FieldValues = Record<string, SigningFieldValue>;
/** A field of the recipient's role filled from the form's answers before sending: shown, never changed. */
export type PrefilledField = SigningView['recipient']['prefilled'][number];
type Recipient = Pick<SigningView['recipient'], 'name' | 'email' | 'fields'>;

/** The id of a field's box on the page, to scroll to. */
export const fieldBoxId = (fieldId: string) => `signer-field-${fieldId}`;

/** Today as a date input writes it (`YYYY-MM-DD`), in the signer's own time zone. */
export function todayIso(now = new Date()): string {
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** What the fields start with: the recipient's name and address, today's date; the rest empty. */
export function initialValuesOf({ name, email, fields }: Recipient, now = new Date()): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) {
    if (field.kind === 'name') values[field.id] = name;
    else if (field.kind === 'email') values[field.id] = email;
    else if (field.kind === 'date') values[field.id] = todayIso(now);
  }
  return values;
}

/** Text as people read it on the page: a date (`YYYY-MM-DD` to the api) as the page's language writes it, as the seal does. */
export const shownText = (field: SignerField, value: string, locale: Locale) =>
  field.kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? formatDate(new Date(`${value}T00:00:00Z`), locale, { timeZone: 'UTC' })
    : value;

/** A value the api takes as given: text not blank, a ticked box, a drawn mark. */
export function isFilled(value: SigningFieldValue | undefined): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'boolean') return value;
  return value !== undefined;
}

/** The order a person reads fields in: by page, then top to bottom, then left to right. */
export const byReadingOrder = (a: SignerField, b: SignerField) => a.page - b.page || a.y - b.y || a.x - b.x;

export function inReadingOrder(fields: readonly SignerField[]): SignerField[] {
  return [...fields].sort(byReadingOrder);
}

export function requiredProgressOf(fields: readonly SignerField[], values: FieldValues) {
  const required = fields.filter((field) => field.required);
  return { filled: required.filter((field) => isFilled(values[field.id])).length, total: required.length };
}

/**
 * The field "Next" leads to after `currentId`: the next required one still empty (wrapping round), or
 * else simply the next field; null when there is none.
 */
export function nextFieldOf(ordered: readonly SignerField[], values: FieldValues, currentId: string | null) {
  const start = currentId === null ? -1 : ordered.findIndex((field) => field.id === currentId);
  const rotated = [...ordered.slice(start + 1), ...ordered.slice(0, start + 1)];
  return (
    rotated.find((field) => field.required && !isFilled(values[field.id])) ??
    (start + 1 < ordered.length ? (ordered[start + 1] ?? null) : null)
  );
}

/** What is sent: every value given (text trimmed), none left blank. */
export function valuesToSend(fields: readonly SignerField[], values: FieldValues): FieldValues {
  const sent: FieldValues = {};
  for (const field of fields) {
    const value = values[field.id];
    if (!isFilled(value) || value === undefined) continue;
    sent[field.id] = typeof value === 'string' ? value.trim() : value;
  }
  return sent;
}
