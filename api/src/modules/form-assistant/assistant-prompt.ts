import type { AssistantTurn, FormDefinition, FormLanguage } from '@formwerk/contracts';
import type { ChatMessage } from './chat-completions';
import { toModelForm } from './model-form';

const languageNames: Record<FormLanguage, string> = { de: 'German (formal "Sie")', en: 'English' };

function systemPrompt(language: FormLanguage): string {
  return [
    'You design online forms for Formwerk, a form builder. Answer with JSON that matches the schema, nothing else.',
    '`form` is the whole form after the request. Keep every page and field the request does not change, with its `id`;',
    'a new page or field has `id: null`. Never reuse an id for something else.',
    `Write the title, labels, help, choices and texts in ${languageNames[language]}, whatever language the request is in.`,
    'Field types: shortText (one line), longText (several lines), email, phone, number (`min`, `max`: the range),',
    'date, time, singleChoice and dropdown (one of `choices`), multipleChoice (several of `choices`), yesNo,',
    'rating (`max`: stars, 3 to 10), opinionScale (`min` 0 or 1, `max` 5 to 10), fileUpload, signature,',
    'consent (`text`: what the respondent agrees to; usually required), heading (`text`: an optional subtitle),',
    'paragraph (`text`: the paragraph). Keep hidden and calculated fields as they are; never add one.',
    'Set `null` for every setting a type does not have. Mark as required what a form of this kind needs.',
    'Ask for personal data only where the form needs it; never write real personal data into the form.',
    '`explanation`: one or two sentences, in the language of the request, on what you made or changed.',
  ].join('\n');
}

/**
 * The conversation for the model: what it is, the earlier turns, and the request with the form it
 * starts from (in the flat shape it answers in).
 */
export function createMessages({
  description,
  language,
  currentDefinition,
  history,
}: {
  description: string;
  language: FormLanguage;
  currentDefinition?: FormDefinition | undefined;
  history: readonly AssistantTurn[];
}): ChatMessage[] {
  const form = currentDefinition
    ? `The form now:\n${JSON.stringify(toModelForm(currentDefinition))}`
    : 'There is no form yet.';
  return [
    { role: 'system', content: systemPrompt(language) },
    ...history.map((turn) => ({ role: turn.role, content: turn.text })),
    { role: 'user', content: `${description}\n\n${form}` },
  ];
}
