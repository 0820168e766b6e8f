import type { Answers, AnswerValue, FormDefinition, FormField } from '@formwerk/contracts';
import { takesAnswer } from '@formwerk/contracts/form-answers';

type ExampleTexts = { text: string; email: string; file: string };

function exampleOf(field: FormField, texts: ExampleTexts): AnswerValue | undefined {
  switch (field.type) {
    case 'email':
      return texts.email;
    case 'phone':
      return '+49 30 1234567';
    case 'number':
      return 42;
    case 'date':
      return '2027-05-01';
    case 'time':
      return '14:30';
    case 'yesNo':
    case 'consent':
      return true;
    case 'rating':
    case 'opinionScale':
      return 4;
    case 'singleChoice':
    case 'dropdown':
      return field.choices[0]?.id;
    case 'multipleChoice':
      return field.choices.slice(0, 2).map((choice) => choice.id);
    case 'fileUpload':
    case 'signature':
      return [{ fileId: 'example', name: texts.file, size: 1, type: 'application/pdf' }];
    default:
      return texts.text;
  }
}

/** An answer of the right kind for every field, for previewing a text with placeholders. */
export function exampleAnswers(definition: FormDefinition, texts: ExampleTexts): Answers {
  const fields = definition.pages.flatMap((page) => page.fields).filter(takesAnswer);
  return Object.fromEntries(fields.map((field) => [field.id, exampleOf(field, texts)]));
}
