import { type AnswerValue, type FormDefinition, type FormField, isEmptyAnswer, takesAnswer } from '@formwerk/contracts';
import { formatDate, intlLocales, type Locale } from '@formwerk/platform';

/** The fields that take an answer, in the form's reading order: one table column and one chart each. */
export function answerableFields(definition: FormDefinition): FormField[] {
  return definition.pages.flatMap((page) => page.fields).filter(takesAnswer);
}

type Words = { yes: string; no: string };

/** An answer as one line of text for a table cell: choices by label, numbers and dates the local way. */
export function describeAnswer(field: FormField, value: AnswerValue | undefined, locale: Locale, words: Words): string {
  if (value === undefined || isEmptyAnswer(value)) return '';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') return new Intl.NumberFormat(intlLocales[locale]).format(value);
  if ('choices' in field) {
    const labelOf = (id: string) => field.choices.find((choice) => choice.id === id)?.label ?? id;
    return Array.isArray(value) ? value.map((item) => labelOf(String(item))).join(', ') : labelOf(value);
  }
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : item.name)).join(', ');
  // Dates are stored as YYYY-MM-DD; read at local midnight they stay the same calendar day.
  if (field.type === 'date') return formatDate(new Date(`${value}T00:00:00`), locale);
  return value;
}
