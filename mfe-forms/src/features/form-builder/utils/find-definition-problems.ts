import {
  type FormDefinition,
  type FormField,
  type FormPage,
  findReferencedFieldIds,
  formDefinitionSchema,
  isValidAnswerPattern,
  pageSchema,
} from '@formwerk/contracts';

/** Something that keeps a definition from being saved, said in the builder's words. */
export type DefinitionProblem = {
  /** The field or page to select so the author can fix it; none for the form's own settings. */
  elementId?: string;
  /** Key under `builder.problems`. */
  key: 'titleMissing' | 'conditionOrder' | 'expressionInvalid' | 'patternInvalid' | 'invalidSetting';
  label: string;
};

/**
 * What a check finds in one field or page, kept for as long as that object is the same. The store's edits
 * go through Immer, which keeps (and freezes) every field and page an edit does not touch, so a save of a
 * big form checks again only what changed since the last one.
 */
function rememberedPerObject<T extends object, R>(check: (value: T) => R): (value: T) => R {
  const results = new WeakMap<T, R>();
  return (value) => {
    if (!results.has(value)) results.set(value, check(value));
    return results.get(value) as R;
  };
}

/** The fields a calculation reads; null when its expression does not parse. */
const referencesOf = rememberedPerObject((field: FormField) =>
  field.type === 'calculated' ? findReferencedFieldIds(field.expression) : [],
);

const hasInvalidPattern = rememberedPerObject((field: FormField) =>
  Boolean(field.type === 'shortText' && field.pattern && !isValidAnswerPattern(field.pattern)),
);

/** The shared schema's objections to one page and its fields. */
const pageIssuesOf = rememberedPerObject((page: FormPage) => pageSchema.safeParse(page).error?.issues ?? []);

/**
 * Checks a definition with the shared schema before the builder saves it. The rules a user most
 * likely breaks get their own message; anything else the schema rejects names the element it is in.
 * The schema's verdict is the whole definition's, reached page by page: each page on its own (kept as
 * above), then the form around them, while the rules across pages (conditions and calculations look
 * back, ids are unique) are this function's one pass in reading order.
 */
export function findDefinitionProblems(definition: FormDefinition): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  if (definition.title.trim() === '') problems.push({ key: 'titleMissing', label: '' });
  const earlier = new Set<string>();
  const readsLater = (fieldIds: string[]) => fieldIds.some((fieldId) => !earlier.has(fieldId));
  for (const [pageIndex, page] of definition.pages.entries()) {
    const pageLabel = page.title || String(pageIndex + 1);
    if (readsLater(page.skipWhen?.rules.map((rule) => rule.fieldId) ?? []))
      problems.push({ elementId: page.id, key: 'conditionOrder', label: pageLabel });
    for (const field of page.fields) {
      if (readsLater(field.visibleWhen?.rules.map((rule) => rule.fieldId) ?? []))
        problems.push({ elementId: field.id, key: 'conditionOrder', label: field.label });
      const references = referencesOf(field);
      // An expression not yet written is saved as it is; the author is still at it.
      if (references === null || readsLater(references))
        problems.push({ elementId: field.id, key: 'expressionInvalid', label: field.label });
      if (hasInvalidPattern(field)) problems.push({ elementId: field.id, key: 'patternInvalid', label: field.label });
      earlier.add(field.id);
    }
  }
  if (problems.length > 0) return problems;
  return findSchemaProblems(definition);
}

function findSchemaProblems(definition: FormDefinition): DefinitionProblem[] {
  const problems = new Map<string, DefinitionProblem>();
  const add = (problem: DefinitionProblem) => problems.set(`${problem.key}:${problem.elementId ?? ''}`, problem);
  const formProblem = { key: 'invalidSetting', label: definition.title } as const;

  // The form around its pages: title, description, language, how many pages and their ids. The pages'
  // contents are checked below, page by page, so they are left out here.
  const shell = { ...definition, pages: definition.pages.map((page) => ({ id: page.id, fields: [] })) };
  for (const issue of formDefinitionSchema.safeParse(shell).error?.issues ?? []) {
    const [, pageIndex] = issue.path;
    const page = typeof pageIndex === 'number' ? definition.pages[pageIndex] : undefined;
    add(page ? { elementId: page.id, key: 'invalidSetting', label: page.title ?? '' } : formProblem);
  }

  const seenIds = new Set(definition.pages.map((page) => page.id));
  for (const page of definition.pages) {
    for (const issue of pageIssuesOf(page)) {
      const [, fieldIndex] = issue.path;
      const field = typeof fieldIndex === 'number' ? page.fields[fieldIndex] : undefined;
      add(field ? fieldProblem(field) : { elementId: page.id, key: 'invalidSetting', label: page.title ?? '' });
    }
    // The schema's own rule across pages, which the shell above cannot see without the fields.
    for (const field of page.fields) {
      if (seenIds.has(field.id)) add(fieldProblem(field));
      seenIds.add(field.id);
    }
  }
  return [...problems.values()];
}

const fieldProblem = (field: FormField): DefinitionProblem => ({
  elementId: field.id,
  key: 'invalidSetting',
  label: field.label,
});
