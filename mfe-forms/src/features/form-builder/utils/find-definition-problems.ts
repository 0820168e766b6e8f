import {
  type FormDefinition,
  findReferencedFieldIds,
  formDefinitionSchema,
  isValidAnswerPattern,
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
 * Checks a definition with the shared schema before the builder saves it. The rules a user most
 * likely breaks get their own message; anything else the schema rejects names the element it is in.
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
      if (field.type === 'calculated') {
        const references = findReferencedFieldIds(field.expression);
        // An expression not yet written is saved as it is; the author is still at it.
        if (references === null || readsLater(references))
          problems.push({ elementId: field.id, key: 'expressionInvalid', label: field.label });
      }
      if (field.type === 'shortText' && field.pattern && !isValidAnswerPattern(field.pattern))
        problems.push({ elementId: field.id, key: 'patternInvalid', label: field.label });
      earlier.add(field.id);
    }
  }
  if (problems.length > 0) return problems;

  const parsed = formDefinitionSchema.safeParse(definition);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const [, pageIndex, , fieldIndex] = issue.path;
    const page = typeof pageIndex === 'number' ? definition.pages[pageIndex] : undefined;
    const field = typeof fieldIndex === 'number' ? page?.fields[fieldIndex] : undefined;
    if (field) return { elementId: field.id, key: 'invalidSetting', label: field.label };
    if (page) return { elementId: page.id, key: 'invalidSetting', label: page.title ?? '' };
    return { key: 'invalidSetting', label: definition.title };
  });
}
