import type { FormDefinition, FormResponse, FormStatus } from '@formwerk/contracts';
import { ApiError } from '@formwerk/platform';
import { produce } from 'immer';
import { create } from 'zustand';
import { toErrorKey } from '../../../utils/error-key';
import { type FormPersistence, publishForm, serverPersistence, unpublishForm } from '../api/form-builder-api';
import { type DefinitionProblem, findDefinitionProblems } from '../utils/find-definition-problems';

/** What the author sees of their work: saved, on its way, waiting, or held up and why. */
export type SaveState = 'saved' | 'unsaved' | 'saving' | 'invalid' | 'conflict' | 'failed';

export type Selection = { kind: 'form' } | { kind: 'page'; id: string } | { kind: 'field'; id: string };

type FormBuilderState = {
  formId: string | null;
  /** Where `load` was told the form is kept: the api, unless a page says otherwise (the demo). */
  persistence: FormPersistence;
  definition: FormDefinition | null;
  /** The stored version the next save starts from. */
  version: number;
  status: FormStatus;
  publishedVersion: number | null;
  selection: Selection;
  past: FormDefinition[];
  future: FormDefinition[];
  /** Typing into one setting is one undo step, not one per key. */
  lastEdit: { key: string; at: number } | null;
  /** Bumped by every change; autosave runs while it is ahead of `savedRevision`. */
  revision: number;
  savedRevision: number;
  saveState: SaveState;
  isSaving: boolean;
  problems: DefinitionProblem[];
  /** The fields and pages the problems are about, for each card to ask about its own at once. */
  problemElementIds: ReadonlySet<string>;
  errorKey: string | null;
  isPublishing: boolean;
  load: (form: FormResponse, persistence?: FormPersistence) => void;
  edit: (recipe: (draft: FormDefinition) => void, coalesceKey?: string) => void;
  undo: () => void;
  redo: () => void;
  select: (selection: Selection) => void;
  save: () => Promise<void>;
  /** After a conflict: take the stored form (drop mine) or save mine over it. */
  resolveConflict: (choice: 'reload' | 'overwrite') => Promise<void>;
  setPublished: (isPublished: boolean) => Promise<void>;
};

const historyLimit = 100;
const coalesceMs = 1000;

/** The problems a save found, with their index by element: made once per save, not once per card. */
function withProblems(problems: DefinitionProblem[]) {
  const problemElementIds = new Set(problems.flatMap((problem) => (problem.elementId ? [problem.elementId] : [])));
  return { problems, problemElementIds };
}

/** A form just opened: nothing selected, no history, nothing to save. */
const freshSession = {
  selection: { kind: 'form' },
  past: [],
  future: [],
  lastEdit: null,
  revision: 0,
  savedRevision: 0,
  saveState: 'saved',
  isSaving: false,
  ...withProblems([]),
  errorKey: null,
  isPublishing: false,
} satisfies Partial<FormBuilderState>;

export const useFormBuilderStore = create<FormBuilderState>()((set, get) => ({
  formId: null,
  persistence: serverPersistence,
  definition: null,
  version: 0,
  status: 'draft',
  publishedVersion: null,
  ...freshSession,

  load: (form, persistence = serverPersistence) =>
    set({
      ...freshSession,
      formId: form.id,
      persistence,
      definition: form.definition,
      version: form.version,
      status: form.status,
      publishedVersion: form.publishedVersion,
    }),

  edit: (recipe, coalesceKey) => {
    const { definition, past, lastEdit, revision } = get();
    if (!definition) return;
    // Immer copies only what the recipe changes: untouched fields keep their objects, so their cards on
    // the canvas are not drawn again (FieldCard is memoized), whatever the form's size.
    const draft = produce(definition, recipe);
    const now = Date.now();
    const isSameTyping = coalesceKey !== undefined && lastEdit?.key === coalesceKey && now - lastEdit.at < coalesceMs;
    set({
      definition: draft,
      past: isSameTyping ? past : [...past, definition].slice(-historyLimit),
      future: [],
      lastEdit: coalesceKey === undefined ? null : { key: coalesceKey, at: now },
      revision: revision + 1,
      saveState: get().saveState === 'conflict' ? 'conflict' : 'unsaved',
    });
  },

  undo: () => {
    const { definition, past, future, revision } = get();
    const previous = past.at(-1);
    if (!definition || !previous) return;
    set({
      definition: previous,
      past: past.slice(0, -1),
      future: [definition, ...future],
      lastEdit: null,
      revision: revision + 1,
      saveState: 'unsaved',
    });
  },

  redo: () => {
    const { definition, past, future, revision } = get();
    const [next, ...rest] = future;
    if (!definition || !next) return;
    set({
      definition: next,
      past: [...past, definition],
      future: rest,
      lastEdit: null,
      revision: revision + 1,
      saveState: 'unsaved',
    });
  },

  select: (selection) => set({ selection }),

  save: async () => {
    const { formId, persistence, definition, version, revision, isSaving, saveState } = get();
    if (!formId || !definition || isSaving || saveState === 'conflict') return;
    const problems = findDefinitionProblems(definition);
    if (problems.length > 0) return set({ saveState: 'invalid', ...withProblems(problems) });
    set({ isSaving: true, saveState: 'saving', ...withProblems([]), errorKey: null });
    try {
      const form = await persistence.save(formId, version, definition);
      set({ version: form.version, savedRevision: revision, isSaving: false });
      // Changes made while this save was under way go out with the next one.
      if (get().revision === revision) set({ saveState: 'saved' });
      else {
        set({ saveState: 'unsaved' });
        await get().save();
      }
    } catch (error) {
      const isConflict = error instanceof ApiError && error.code === 'VERSION_CONFLICT';
      set({ isSaving: false, saveState: isConflict ? 'conflict' : 'failed', errorKey: toErrorKey(error) });
    }
  },

  resolveConflict: async (choice) => {
    const { formId, persistence, definition } = get();
    if (!formId || !definition) return;
    try {
      const stored = await persistence.find(formId);
      if (choice === 'reload') return get().load(stored, persistence);
      set({ version: stored.version, saveState: 'unsaved', errorKey: null });
      await get().save();
    } catch (error) {
      set({ errorKey: toErrorKey(error) });
    }
  },

  setPublished: async (isPublished) => {
    const { formId } = get();
    if (!formId) return;
    set({ isPublishing: true, errorKey: null });
    try {
      // What is published is what is saved: the latest edits go out first.
      if (isPublished && get().revision !== get().savedRevision) await get().save();
      if (isPublished && get().saveState !== 'saved') return;
      const form = isPublished ? await publishForm(formId) : await unpublishForm(formId);
      set({ status: form.status, publishedVersion: form.publishedVersion, version: form.version });
    } catch (error) {
      set({ errorKey: toErrorKey(error) });
    } finally {
      set({ isPublishing: false });
    }
  },
}));
