import type { FormDefinition } from '@formwerk/contracts';
import { elementIdSchema } from '@formwerk/contracts';

/** What ids are given to: a page or a field of a proposal, its id as proposed (none for something new). */
type Element = { id: string | null; type?: string; label?: string; title?: string | null | undefined };
export type ProposedPage = Element & { fields: Element[] };

export type ResolvedIds = {
  pageIds: string[];
  fieldIds: string[][];
  /** Proposed ids given another (they were taken), for conditions and calculations that read them. */
  renamed: Map<string, string>;
};

const idLength = 32;

/** A readable id from a label: "Telefonnummer (mobil)" → telefonnummer-mobil, umlauts spelled out. */
export function idFromText(text: string, fallback: string): string {
  const id = text
    .toLowerCase()
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, idLength)
    .replace(/-+$/, '');
  return id || fallback;
}

const isUsableId = (id: string | null): id is string => id !== null && elementIdSchema.safeParse(id).success;
const sameText = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Ids for the pages and fields of a proposal, unique in it and stable against `base` (what it
 * changes), so that the builder's diff sees the same field as the same field:
 * 1. an id of `base`'s element of the same kind keeps it, for its first holder;
 * 2. a field without one takes the id of a field of `base` of the same type and label not taken yet,
 *    a page without one that of a page of the same title (or both untitled);
 * 3. an id proposed that nothing of `base` has is kept, if it is a valid id and free;
 * 4. anything else gets a new one, from the id proposed or the label, with `-2`, `-3`… if need be.
 * No id of `base` is given to an element of another kind or to a second element.
 */
export function resolveIds(pages: ProposedPage[], base: FormDefinition | undefined): ResolvedIds {
  const basePageIds = new Set(base?.pages.map((page) => page.id));
  const baseFields = base?.pages.flatMap((page) => page.fields) ?? [];
  const baseFieldIds = new Set(baseFields.map((field) => field.id));
  const taken = new Set([...basePageIds, ...baseFieldIds]);
  const claimed = new Set<string>();
  const pageIds: (string | undefined)[] = [];
  const fieldIds: (string | undefined)[][] = pages.map(() => []);
  const renamed = new Map<string, string>();

  // 1: the elements of `base`, in reading order, so the first holder of a duplicated id keeps it.
  pages.forEach((page, pageIndex) => {
    if (isUsableId(page.id) && basePageIds.has(page.id) && !claimed.has(page.id)) {
      claimed.add(page.id);
      pageIds[pageIndex] = page.id;
    }
    page.fields.forEach((field, fieldIndex) => {
      if (isUsableId(field.id) && baseFieldIds.has(field.id) && !claimed.has(field.id)) {
        claimed.add(field.id);
        (fieldIds[pageIndex] as (string | undefined)[])[fieldIndex] = field.id;
      }
    });
  });
  // 2: a page or field proposed without an id that is plainly one of `base`'s (a page by its title, or
  // both without one; a field by its type and label).
  pages.forEach((page, pageIndex) => {
    if (page.id === null && pageIds[pageIndex] === undefined) {
      const match = base?.pages.find(
        (candidate) =>
          !claimed.has(candidate.id) &&
          (candidate.title ?? '').trim().toLowerCase() === (page.title ?? '').trim().toLowerCase(),
      );
      if (match) {
        claimed.add(match.id);
        pageIds[pageIndex] = match.id;
      }
    }
    page.fields.forEach((field, fieldIndex) => {
      if (field.id !== null || fieldIds[pageIndex]?.[fieldIndex] !== undefined) return;
      const match = baseFields.find(
        (candidate) =>
          !claimed.has(candidate.id) && candidate.type === field.type && sameText(candidate.label, field.label),
      );
      if (!match) return;
      claimed.add(match.id);
      (fieldIds[pageIndex] as (string | undefined)[])[fieldIndex] = match.id;
    });
  });
  // 3 and 4, in reading order.
  const give = (proposed: string | null, text: string | undefined, fallback: string): string => {
    if (isUsableId(proposed) && !taken.has(proposed) && !claimed.has(proposed)) {
      claimed.add(proposed);
      return proposed;
    }
    // A proposed id that another element holds stays that element's; one nothing holds moves with it.
    const isHeldByAnother = isUsableId(proposed) && claimed.has(proposed);
    const stem = isUsableId(proposed) ? proposed.slice(0, idLength) : idFromText(text ?? '', fallback);
    let id = stem;
    for (let suffix = 2; taken.has(id) || claimed.has(id); suffix += 1) id = `${stem}-${suffix}`;
    claimed.add(id);
    if (isUsableId(proposed) && !isHeldByAnother) renamed.set(proposed, id);
    return id;
  };
  return {
    pageIds: pages.map(
      (page, pageIndex) => pageIds[pageIndex] ?? give(page.id, page.title ?? undefined, `page-${pageIndex + 1}`),
    ),
    fieldIds: pages.map((page, pageIndex) =>
      page.fields.map((field, fieldIndex) => fieldIds[pageIndex]?.[fieldIndex] ?? give(field.id, field.label, 'field')),
    ),
    renamed,
  };
}
