import { type FormDefinition, formDefinitionSchema, objectIdSchema } from '@formwerk/contracts';
import { demoDraftKey } from './demo-draft-key';

export type DemoDraft = {
  /** Chosen by the browser; the id the form gets when it is kept, and the key that makes keeping it once. */
  formId: string;
  /** Raised by each save, so that two tabs of the demo do not overwrite each other unseen. */
  version: number;
  definition: FormDefinition;
  savedAt: string;
};

export type ReadDraft = { status: 'none' } | { status: 'found'; draft: DemoDraft } | { status: 'broken' };

/** An id in the form of the database's (seconds, then random bytes), so the api can store the form under it. */
export function createDemoFormId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  const random = [...crypto.getRandomValues(new Uint8Array(8))].map((byte) => byte.toString(16).padStart(2, '0'));
  return `${seconds}${random.join('')}`;
}

function toDraft(value: unknown): DemoDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const { formId, version, definition, savedAt } = value as Record<string, unknown>;
  const parsed = formDefinitionSchema.safeParse(definition);
  const isValid =
    objectIdSchema.safeParse(formId).success &&
    Number.isInteger(version) &&
    typeof savedAt === 'string' &&
    parsed.success;
  return isValid ? { formId: formId as string, version: version as number, definition: parsed.data, savedAt } : null;
}

/**
 * The draft, checked with the contract's schema as the api would check it. One that does not pass
 * (edited by hand, written by an older build, cut short) is removed, so it is reported once.
 */
export function readDemoDraft(): ReadDraft {
  let stored: string | null;
  try {
    stored = localStorage.getItem(demoDraftKey);
  } catch {
    // Storage the browser refuses (a privacy setting) holds nothing.
    return { status: 'none' };
  }
  if (stored === null) return { status: 'none' };
  let draft: DemoDraft | null = null;
  try {
    draft = toDraft(JSON.parse(stored));
  } catch {
    draft = null;
  }
  if (draft) return { status: 'found', draft };
  removeDemoDraft();
  return { status: 'broken' };
}

/** Throws when the browser refuses to store it (full, or storage turned off): the save then fails visibly. */
export function writeDemoDraft(draft: DemoDraft): void {
  localStorage.setItem(demoDraftKey, JSON.stringify(draft));
}

/** Removes the draft; only the one of `formId` when given, not a newer demo begun since. */
export function removeDemoDraft(formId?: string): void {
  try {
    const found = formId ? readDemoDraft() : null;
    if (found && (found.status !== 'found' || found.draft.formId !== formId)) return;
    localStorage.removeItem(demoDraftKey);
  } catch {
    // Nothing can be stored either, so nothing is left behind.
  }
}
