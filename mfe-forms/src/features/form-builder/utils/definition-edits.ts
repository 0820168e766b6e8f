import type { Condition, FormDefinition, FormField, FormPage } from '@formwerk/contracts';
import { current, isDraft } from 'immer';
import { copyField } from './create-field';

// Edits of a form definition in place, on the draft copy the builder store hands them. Each keeps the
// definition coherent where it can (a removed field leaves no rule behind that reads it).

export type FieldLocation = { page: FormPage; index: number };

export function locateField(definition: FormDefinition, fieldId: string): FieldLocation | undefined {
  for (const page of definition.pages) {
    const index = page.fields.findIndex((field) => field.id === fieldId);
    if (index >= 0) return { page, index };
  }
  return undefined;
}

export function findField(definition: FormDefinition, fieldId: string): FormField | undefined {
  const location = locateField(definition, fieldId);
  return location?.page.fields[location.index];
}

export function findPage(definition: FormDefinition, pageId: string): FormPage | undefined {
  return definition.pages.find((page) => page.id === pageId);
}

export function insertField(definition: FormDefinition, pageId: string, index: number, field: FormField): void {
  const page = findPage(definition, pageId);
  if (!page) return;
  page.fields.splice(Math.max(0, Math.min(index, page.fields.length)), 0, field);
}

/**
 * Moves a field to `index` of a page. Within one page `index` is the position it takes (as after a
 * drag over that field); into another page it is inserted before the field now at `index`.
 */
export function moveField(definition: FormDefinition, fieldId: string, toPageId: string, index: number): void {
  const from = locateField(definition, fieldId);
  const target = findPage(definition, toPageId);
  if (!from || !target) return;
  const [field] = from.page.fields.splice(from.index, 1);
  if (!field) return;
  target.fields.splice(Math.max(0, Math.min(index, target.fields.length)), 0, field);
}

/** Moves a field one place up or down, across to the neighbouring page at either end of its own. */
export function stepField(definition: FormDefinition, fieldId: string, step: -1 | 1): void {
  const from = locateField(definition, fieldId);
  if (!from) return;
  const pageIndex = definition.pages.indexOf(from.page);
  const index = from.index + step;
  const neighbour = definition.pages[pageIndex + step];
  if (index >= 0 && index < from.page.fields.length) moveField(definition, fieldId, from.page.id, index);
  else if (neighbour) moveField(definition, fieldId, neighbour.id, step === -1 ? neighbour.fields.length : 0);
}

function withoutRulesReading(condition: Condition | undefined, fieldId: string): Condition | undefined {
  if (!condition) return undefined;
  const rules = condition.rules.filter((rule) => rule.fieldId !== fieldId);
  return rules.length > 0 ? { ...condition, rules } : undefined;
}

export function removeField(definition: FormDefinition, fieldId: string): void {
  const from = locateField(definition, fieldId);
  if (!from) return;
  from.page.fields.splice(from.index, 1);
  for (const page of definition.pages) {
    page.skipWhen = withoutRulesReading(page.skipWhen, fieldId);
    if (!page.skipWhen) delete page.skipWhen;
    for (const field of page.fields) {
      field.visibleWhen = withoutRulesReading(field.visibleWhen, fieldId);
      if (!field.visibleWhen) delete field.visibleWhen;
    }
  }
}

/** Places a copy right after the field and answers it, for the builder to select. */
export function duplicateField(definition: FormDefinition, fieldId: string): FormField | undefined {
  const from = locateField(definition, fieldId);
  const field = from?.page.fields[from.index];
  if (!from || !field) return undefined;
  // Inside an edit the field is Immer's draft, which cannot be cloned as it is.
  const copy = copyField(isDraft(field) ? current(field) : field);
  from.page.fields.splice(from.index + 1, 0, copy);
  return copy;
}

export function updateField(definition: FormDefinition, fieldId: string, change: Partial<FormField>): void {
  const from = locateField(definition, fieldId);
  const field = from?.page.fields[from.index];
  if (!from || !field) return;
  const next = { ...field, ...change } as Record<string, unknown>;
  // An emptied optional setting is removed rather than stored as undefined.
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  from.page.fields[from.index] = next as FormField;
}

export function updatePage(definition: FormDefinition, pageId: string, change: Partial<FormPage>): void {
  const index = definition.pages.findIndex((page) => page.id === pageId);
  const page = definition.pages[index];
  if (!page) return;
  const next = { ...page, ...change } as Record<string, unknown>;
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  definition.pages[index] = next as FormPage;
}

/** Removes a page with its fields; the last page of a form stays. */
export function removePage(definition: FormDefinition, pageId: string): void {
  if (definition.pages.length <= 1) return;
  const page = findPage(definition, pageId);
  for (const field of page?.fields ?? []) removeField(definition, field.id);
  definition.pages = definition.pages.filter((candidate) => candidate.id !== pageId);
}

export function movePage(definition: FormDefinition, pageId: string, step: -1 | 1): void {
  const index = definition.pages.findIndex((page) => page.id === pageId);
  const target = index + step;
  const page = definition.pages[index];
  if (!page || target < 0 || target >= definition.pages.length) return;
  definition.pages.splice(index, 1);
  definition.pages.splice(target, 0, page);
}

/** The fields before `fieldId` in reading order: the only ones its condition may read. */
export function fieldsBefore(definition: FormDefinition, elementId: string): FormField[] {
  const before: FormField[] = [];
  for (const page of definition.pages) {
    if (page.id === elementId) return before;
    for (const field of page.fields) {
      if (field.id === elementId) return before;
      before.push(field);
    }
  }
  return before;
}
