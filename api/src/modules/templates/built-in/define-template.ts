import type { Choice, FormDefinition, FormDefinitionInput, TemplateCategory } from '@formwerk/contracts';

export type TemplateLanguage = FormDefinition['language'];

export type BuiltInTemplate = {
  /** The slug in the template's address, e.g. /v1/template/contact. */
  id: string;
  category: TemplateCategory;
  /** The template's form, worded in `language`. */
  definitionIn: (language: TemplateLanguage) => FormDefinitionInput;
};

type Words = { title: string; description: string };

/**
 * A template's form is built once by `pages` and worded by `words` of each language, so the German
 * and the English form always have the same fields, ids and rules; only the words differ.
 */
export function defineTemplate<TemplateWords extends Words>(template: {
  id: string;
  category: TemplateCategory;
  words: Record<TemplateLanguage, TemplateWords>;
  pages: (words: TemplateWords) => FormDefinitionInput['pages'];
}): BuiltInTemplate {
  return {
    id: template.id,
    category: template.category,
    definitionIn: (language) => {
      const words = template.words[language];
      return { title: words.title, description: words.description, language, pages: template.pages(words) };
    },
  };
}

/** Choices from `{ id: label }`, in the order written. */
export function choicesOf(labels: Record<string, string>): Choice[] {
  return Object.entries(labels).map(([id, label]) => ({ id, label }));
}
