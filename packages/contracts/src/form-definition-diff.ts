import {
  type Condition,
  type FormDefinition,
  type FormField,
  type FormPage,
  formDefinitionSchema,
} from './form-definition.contract';

/**
 * What separates two definitions of one form, element by element, and how to take some of it: the
 * builder's assistant shows a proposal as these changes and applies those the author ticks (issue 18).
 * Pages and fields are the same element in both when their ids are; so the diff is only as good as
 * the proposal's ids are stable, which the api sees to (decision 027).
 */

export const formProperties = ['title', 'description', 'language'] as const;
export type FormProperty = (typeof formProperties)[number];

export type DefinitionChange =
  | { id: string; kind: 'formChanged'; property: FormProperty }
  | { id: string; kind: 'pageAdded'; pageId: string }
  | { id: string; kind: 'pageRemoved'; pageId: string }
  | { id: string; kind: 'pageChanged'; pageId: string; properties: string[] }
  | { id: string; kind: 'pageMoved'; pageId: string }
  | { id: string; kind: 'fieldAdded'; fieldId: string; pageId: string }
  | { id: string; kind: 'fieldRemoved'; fieldId: string; pageId: string }
  | { id: string; kind: 'fieldChanged'; fieldId: string; properties: string[] }
  | { id: string; kind: 'fieldMoved'; fieldId: string; fromPageId: string; toPageId: string };
export type DefinitionChangeKind = DefinitionChange['kind'];

/** A change's id: its kind and the element (or form property) it is about, e.g. `fieldAdded:phone`. */
const changeId = (kind: DefinitionChangeKind, elementId: string) => `${kind}:${elementId}`;

type JsonValue = unknown;

/** Equal as JSON: the same keys (an undefined one counts as absent) with equal values, in any order. */
function isSameValue(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((value, index) => isSameValue(value, b[index]))
    );
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => isSameValue(left[key], right[key]));
}

// The order the properties of a change are named in: what an author looks at first.
const propertyOrder = ['label', 'title', 'type', 'required', 'choices', 'help', 'placeholder', 'text'];
const byPropertyOrder = (a: string, b: string) => {
  const rank = (key: string) => (propertyOrder.includes(key) ? propertyOrder.indexOf(key) : propertyOrder.length);
  return rank(a) - rank(b) || a.localeCompare(b);
};

function changedProperties(before: object, after: object, ignored: readonly string[]): string[] {
  const left = before as Record<string, unknown>;
  const right = after as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].filter((key) => !ignored.includes(key) && !isSameValue(left[key], right[key])).sort(byPropertyOrder);
}

/**
 * The ids of `ids` (in their old order) that keep their places: the longest run whose new positions
 * (`positionOf`) increase. Every other one counts as moved, so inserting or removing something
 * around them moves nothing, and swapping two neighbours moves one.
 */
function idsKeepingOrder(ids: readonly string[], positionOf: (id: string) => number): Set<string> {
  // Patience sorting: tails[k] is the index (in `ids`) ending the best run of length k + 1.
  const tails: number[] = [];
  const previous: number[] = [];
  ids.forEach((id, index) => {
    const position = positionOf(id);
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (positionOf(ids[tails[middle] as number] as string) < position) low = middle + 1;
      else high = middle;
    }
    previous[index] = low > 0 ? (tails[low - 1] as number) : -1;
    tails[low] = index;
  });
  const kept = new Set<string>();
  for (let index = tails.at(-1) ?? -1; index >= 0; index = previous[index] as number) kept.add(ids[index] as string);
  return kept;
}

type FieldPlace = { field: FormField; page: FormPage };

function placesOf(definition: FormDefinition): Map<string, FieldPlace> {
  const places = new Map<string, FieldPlace>();
  for (const page of definition.pages) for (const field of page.fields) places.set(field.id, { field, page });
  return places;
}

/** The fields that stay on their page but not in their order there, and those that change pages. */
function findMovedFieldIds(current: FormDefinition, proposed: FormDefinition): Set<string> {
  const proposedPlaces = placesOf(proposed);
  const moved = new Set<string>();
  for (const page of current.pages) {
    const staying: string[] = [];
    for (const field of page.fields) {
      const place = proposedPlaces.get(field.id);
      if (!place) continue;
      if (place.page.id === page.id) staying.push(field.id);
      else moved.add(field.id);
    }
    const proposedPage = proposed.pages.find((candidate) => candidate.id === page.id);
    const positions = new Map(proposedPage?.fields.map((field, index) => [field.id, index]));
    const kept = idsKeepingOrder(staying, (id) => positions.get(id) ?? 0);
    for (const id of staying) if (!kept.has(id)) moved.add(id);
  }
  return moved;
}

/**
 * The changes that turn `current` into `proposed`, in the proposal's reading order (the form's own
 * settings first), what it removes last. A field moved and changed is two changes, taken apart.
 */
export function diffDefinitions(current: FormDefinition, proposed: FormDefinition): DefinitionChange[] {
  const changes: DefinitionChange[] = [];
  for (const property of formProperties) {
    if (current[property] !== proposed[property])
      changes.push({ id: changeId('formChanged', property), kind: 'formChanged', property });
  }
  const currentPages = new Map(current.pages.map((page) => [page.id, page]));
  const proposedPageIndex = new Map(proposed.pages.map((page, index) => [page.id, index]));
  const pagesInPlace = idsKeepingOrder(
    current.pages.filter((page) => proposedPageIndex.has(page.id)).map((page) => page.id),
    (id) => proposedPageIndex.get(id) ?? 0,
  );
  const currentPlaces = placesOf(current);
  const proposedPlaces = placesOf(proposed);
  const movedFieldIds = findMovedFieldIds(current, proposed);

  for (const page of proposed.pages) {
    const before = currentPages.get(page.id);
    if (!before) changes.push({ id: changeId('pageAdded', page.id), kind: 'pageAdded', pageId: page.id });
    else {
      const properties = changedProperties(before, page, ['id', 'fields']);
      if (properties.length > 0)
        changes.push({ id: changeId('pageChanged', page.id), kind: 'pageChanged', pageId: page.id, properties });
      if (!pagesInPlace.has(page.id))
        changes.push({ id: changeId('pageMoved', page.id), kind: 'pageMoved', pageId: page.id });
    }
    for (const field of page.fields) {
      const was = currentPlaces.get(field.id);
      if (!was) {
        changes.push({ id: changeId('fieldAdded', field.id), kind: 'fieldAdded', fieldId: field.id, pageId: page.id });
        continue;
      }
      const properties = changedProperties(was.field, field, ['id']);
      if (properties.length > 0)
        changes.push({ id: changeId('fieldChanged', field.id), kind: 'fieldChanged', fieldId: field.id, properties });
      if (movedFieldIds.has(field.id))
        changes.push({
          id: changeId('fieldMoved', field.id),
          kind: 'fieldMoved',
          fieldId: field.id,
          fromPageId: was.page.id,
          toPageId: page.id,
        });
    }
  }
  for (const [fieldId, { page }] of currentPlaces) {
    if (!proposedPlaces.has(fieldId))
      changes.push({ id: changeId('fieldRemoved', fieldId), kind: 'fieldRemoved', fieldId, pageId: page.id });
  }
  for (const page of current.pages) {
    if (!proposedPageIndex.has(page.id))
      changes.push({ id: changeId('pageRemoved', page.id), kind: 'pageRemoved', pageId: page.id });
  }
  return changes;
}

function withEarlierRules(condition: Condition | undefined, earlier: ReadonlySet<string>): Condition | undefined {
  if (!condition) return undefined;
  const rules = condition.rules.filter((rule) => earlier.has(rule.fieldId));
  if (rules.length === condition.rules.length) return condition;
  return rules.length > 0 ? { ...condition, rules } : undefined;
}

/** What conditions live in: a definition, or the input of one (the api repairs a proposal before parsing it). */
type WithConditions = {
  pages: { skipWhen?: Condition | undefined; fields: { id: string; visibleWhen?: Condition | undefined }[] }[];
};

/**
 * The definition without the rules that no longer look back at a field before them (a field removed,
 * or moved behind the rule), and without conditions left with no rule; what is intact keeps its
 * objects. A calculation reading such a field is left for the builder to point out: it cannot be
 * repaired by dropping a part.
 */
export function dropBrokenConditions<Definition extends WithConditions>(definition: Definition): Definition {
  const earlier = new Set<string>();
  let isChanged = false;
  const pages = definition.pages.map((page) => {
    const skipWhen = withEarlierRules(page.skipWhen, earlier);
    let isPageChanged = skipWhen !== page.skipWhen;
    const fields = page.fields.map((field) => {
      const visibleWhen = withEarlierRules(field.visibleWhen, earlier);
      earlier.add(field.id);
      if (visibleWhen === field.visibleWhen) return field;
      isPageChanged = true;
      const { visibleWhen: _broken, ...rest } = field;
      return visibleWhen ? { ...rest, visibleWhen } : rest;
    });
    if (!isPageChanged) return page;
    isChanged = true;
    const { skipWhen: _broken, ...rest } = page;
    return skipWhen ? { ...rest, skipWhen, fields } : { ...rest, fields };
  });
  return isChanged ? { ...definition, pages } : definition;
}

/** A page being put together: its settings and its fields so far. */
type PageDraft = { source: FormPage; settings: FormPage; fields: FormField[] };

/**
 * `current` with the changes of `diffDefinitions(current, proposed)` whose ids are in `chosen`, and
 * none other: every change chosen gives the proposal, none gives `current`. A field added or moved
 * lands after the nearest field that precedes it in the proposal on its page (first, without one);
 * one whose page is not taken, at the end of the page of the field before it. The fields left on a
 * removed page go to the end of the page before it (or the start of the one after it). Broken
 * conditions are dropped; untouched fields and pages keep their objects. Null if the result is not a
 * valid definition, which two valid ones never give unless a page of one has the id of a field of
 * the other (the api never proposes that).
 */
export function applyChanges(
  current: FormDefinition,
  proposed: FormDefinition,
  chosen: Iterable<string>,
): FormDefinition | null {
  const chosenIds = new Set(chosen);
  const isChosen = (kind: DefinitionChangeKind, elementId: string) => chosenIds.has(changeId(kind, elementId));
  const proposedPages = new Map(proposed.pages.map((page) => [page.id, page]));
  const proposedPlaces = placesOf(proposed);
  const currentPlaces = placesOf(current);

  const contentOf = (field: FormField) =>
    isChosen('fieldChanged', field.id) ? (proposedPlaces.get(field.id)?.field ?? field) : field;
  const settingsOf = (page: FormPage) =>
    isChosen('pageChanged', page.id) ? (proposedPages.get(page.id) ?? page) : page;
  const isTakenOut = (field: FormField) => isChosen('fieldRemoved', field.id) || isChosen('fieldMoved', field.id);
  const draftOf = (page: FormPage): PageDraft => ({
    source: page,
    settings: settingsOf(page),
    fields: page.fields.filter((field) => !isTakenOut(field)).map(contentOf),
  });

  const drafts: PageDraft[] = [];
  const removedDrafts: PageDraft[] = [];
  const movedDrafts = new Map<string, PageDraft>();
  for (const page of current.pages) {
    if (isChosen('pageRemoved', page.id)) removedDrafts.push(draftOf(page));
    else if (isChosen('pageMoved', page.id)) movedDrafts.set(page.id, draftOf(page));
    else drafts.push(draftOf(page));
  }
  proposed.pages.forEach((page, index) => {
    const draft = isChosen('pageAdded', page.id)
      ? { source: page, settings: page, fields: [] }
      : movedDrafts.get(page.id);
    if (!draft) return;
    const anchor = proposed.pages
      .slice(0, index)
      .reverse()
      .map((before) => drafts.findIndex((candidate) => candidate.settings.id === before.id))
      .find((position) => position >= 0);
    drafts.splice(anchor === undefined ? 0 : anchor + 1, 0, draft);
  });
  // A form has a page at least: without any other, the first page the changes removed stays.
  const keptPage = drafts.length === 0 ? removedDrafts.shift() : undefined;
  if (keptPage) drafts.push(keptPage);
  for (const removed of removedDrafts) {
    if (removed.fields.length === 0) continue;
    const position = current.pages.indexOf(removed.source);
    const before = current.pages
      .slice(0, position)
      .reverse()
      .map((page) => drafts.find((draft) => draft.source === page))
      .find(Boolean);
    const after = current.pages
      .slice(position + 1)
      .map((page) => drafts.find((draft) => draft.source === page))
      .find(Boolean);
    const target = before ?? after ?? drafts[0];
    if (!target) continue;
    if (before === target) target.fields.push(...removed.fields);
    else target.fields.unshift(...removed.fields);
  }

  const draftOfField = new Map<string, PageDraft>();
  for (const draft of drafts) for (const field of draft.fields) draftOfField.set(field.id, draft);
  const proposedOrder = proposed.pages.flatMap((page) => page.fields.map((field) => ({ field, page })));
  proposedOrder.forEach(({ field, page }, index) => {
    const was = currentPlaces.get(field.id)?.field;
    const isPlacedHere = was ? isChosen('fieldMoved', field.id) : isChosen('fieldAdded', field.id);
    if (!isPlacedHere) return;
    const placed = was ? contentOf(was) : field;
    const earlier = proposedOrder.slice(0, index).reverse();
    const ownPage = drafts.find((draft) => draft.settings.id === page.id);
    const target = ownPage ?? earlier.map((before) => draftOfField.get(before.field.id)).find(Boolean) ?? drafts[0];
    if (!target) return;
    const anchor = earlier
      .map((before) => (draftOfField.get(before.field.id) === target ? before.field.id : undefined))
      .find(Boolean);
    const position = !ownPage
      ? target.fields.length
      : anchor
        ? target.fields.findIndex((candidate) => candidate.id === anchor) + 1
        : 0;
    target.fields.splice(position, 0, placed);
    draftOfField.set(placed.id, target);
  });

  const pages = drafts.map(({ source, settings, fields }) => {
    const isSame =
      settings === source &&
      fields.length === source.fields.length &&
      fields.every((field, index) => field === source.fields[index]);
    return isSame ? source : { ...settings, fields };
  });
  const pick = <Key extends FormProperty>(property: Key) =>
    isChosen('formChanged', property) ? proposed[property] : current[property];
  const isUnchanged =
    formProperties.every((property) => pick(property) === current[property]) &&
    pages.length === current.pages.length &&
    pages.every((page, index) => page === current.pages[index]);
  const result = dropBrokenConditions(
    isUnchanged
      ? current
      : { ...current, title: pick('title'), description: pick('description'), language: pick('language'), pages },
  );
  // The result's own objects are handed back, not the parse's copies, so the builder redraws only what changed.
  return formDefinitionSchema.safeParse(result).success ? result : null;
}
