// Answers as text inside the owner's own texts (thank-you page, mails), zod-free for the public page.
import type { Answers, AnswerValue } from './form-answers';
import type { FormDefinition, FormField } from './form-definition.contract';

type Locale = 'de' | 'en';
const yesNo = { de: { yes: 'Ja', no: 'Nein' }, en: { yes: 'Yes', no: 'No' } } as const;

/** An answer as a person reads it: choices by their label, yes/no in the language, files by name. */
export function answerAsText(field: FormField, value: AnswerValue | undefined, locale: Locale): string {
  if (value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? yesNo[locale].yes : yesNo[locale].no;
  if (typeof value === 'number') return new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB').format(value);
  if (Array.isArray(value)) {
    return value
      .map((item) => {
        if (typeof item !== 'string') return item.name;
        return 'choices' in field ? (field.choices.find((choice) => choice.id === item)?.label ?? item) : item;
      })
      .join(', ');
  }
  if ('choices' in field) return field.choices.find((choice) => choice.id === value)?.label ?? value;
  return value;
}

/**
 * Fills `{fieldId}` with that field's answer as text and `{name}` of `values` (e.g. `{reference}`,
 * `{formTitle}`) with its value; unknown placeholders stay as they are, so a typo shows.
 */
export function fillPlaceholders(
  template: string,
  context: { definition: FormDefinition; answers: Answers; locale: Locale; values: Record<string, string> },
): string {
  const fields = new Map(context.definition.pages.flatMap((page) => page.fields).map((field) => [field.id, field]));
  return template.replace(/\{([A-Za-z0-9_-]{1,40})\}/g, (whole, name: string) => {
    const field = fields.get(name);
    if (field) return answerAsText(field, context.answers[name], context.locale);
    return context.values[name] ?? whole;
  });
}
