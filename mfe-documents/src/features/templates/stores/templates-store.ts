import type {
  DocumentTemplate,
  TemplateField,
  TemplateFieldKind,
  TemplateRole,
  TemplateRoleKind,
} from '@formwerk/contracts';
import { ApiError } from '@formwerk/platform';
import { create } from 'zustand';
import { findTemplate, saveTemplate } from '../api/templates-api';
import { createId } from '../utils/create-id';
import { toErrorKey } from '../utils/error-key';
import { boxCentredAt, clampBox, fieldsMax, rolesMax } from '../utils/template-geometry';
import { findTemplateProblems } from '../utils/template-problems';

/** What the editor changes and a save sends. */
export type TemplateDraft = { name: string; roles: TemplateRole[]; fields: TemplateField[] };

/** Where the author's work stands: stored, changed, on its way, held up (and why). */
export type SaveState = 'saved' | 'unsaved' | 'saving' | 'invalid' | 'conflict' | 'failed';

/**
 * `template`: a stored template, saved to the templates api. `send`: fields placed on a document of the
 * library for one signing request alone, never stored as a template; they go with the request.
 */
export type EditorMode = 'template' | 'send';

/** Roles of these kinds fill fields (as the contract's `templateRoleKindsWithFields`). */
export const isFillingRole = (kind: TemplateRoleKind) => kind === 'signer' || kind === 'approver';

type TemplatesState = {
  mode: EditorMode;
  templateId: string | null;
  /** In `send` mode, the library's document the fields are placed on. */
  documentId: string | null;
  /** The template as last read or saved: its file, pages and who changed it. */
  template: DocumentTemplate | null;
  isLoading: boolean;
  loadErrorKey: string | null;
  draft: TemplateDraft | null;
  /** The stored revision the next save starts from. */
  revision: number;
  /** Bumped by every change; there is something to save while it is ahead of `savedChange`. */
  change: number;
  savedChange: number;
  saveState: SaveState;
  errorKey: string | null;
  selectedFieldId: string | null;
  /** The role new fields are for. */
  activeRoleId: string | null;
  /** The kind the palette has chosen: what "Add field" adds. */
  paletteKind: TemplateFieldKind;
  /** A kind waiting for a press on a page, where it is then placed (how a phone places fields). */
  placingKind: TemplateFieldKind | null;
  open: (templateId: string) => Promise<void>;
  load: (template: DocumentTemplate) => void;
  /** Places fields on a document of the library to send it (`send` mode), starting from `draft`. */
  openDocument: (documentId: string, draft: TemplateDraft) => void;
  /** Forgets the template: the editor closed. */
  reset: () => void;
  rename: (name: string) => void;
  /** Chooses the palette's kind and waits for a press on a page to place it. */
  chooseKind: (kind: TemplateFieldKind) => void;
  stopPlacing: () => void;
  /** Adds a field centred on a point of a page for the active role, selects it and answers its id; null when none can be added. */
  addField: (kind: TemplateFieldKind, page: number, centreX: number, centreY: number) => string | null;
  /** Changes a field; its box is kept on its page. */
  changeField: (fieldId: string, change: Partial<Omit<TemplateField, 'id'>>) => void;
  removeField: (fieldId: string) => void;
  selectField: (fieldId: string | null) => void;
  setActiveRole: (roleId: string) => void;
  /** Adds a signer in the next stage and answers its id; null at the most roles a template has. */
  addRole: (name: string) => string | null;
  /** Changes a role; a role with fields keeps a kind that fills them. */
  changeRole: (roleId: string, change: Partial<Omit<TemplateRole, 'id'>>) => void;
  /** Removes a role and its fields; the last role stays. */
  removeRole: (roleId: string) => void;
  save: () => Promise<void>;
  /** After a conflict: take the stored template (drop mine) or save mine over it. */
  resolveConflict: (choice: 'reload' | 'overwrite') => Promise<void>;
};

/** A template just opened or closed: nothing selected, nothing to save. */
const freshSession = {
  change: 0,
  savedChange: 0,
  saveState: 'saved',
  errorKey: null,
  selectedFieldId: null,
  placingKind: null,
} satisfies Partial<TemplatesState>;

const closed = {
  ...freshSession,
  mode: 'template',
  templateId: null,
  documentId: null,
  template: null,
  isLoading: false,
  loadErrorKey: null,
  draft: null,
  revision: 0,
  activeRoleId: null,
  paletteKind: 'signature',
} satisfies Partial<TemplatesState>;

const toDraft = ({ name, roles, fields }: DocumentTemplate): TemplateDraft => ({ name, roles, fields });

/** The draft as the api takes it: names trimmed, and a label of nothing but spaces left out. */
export function toSaved({ name, roles, fields }: TemplateDraft): TemplateDraft {
  return {
    name: name.trim(),
    roles: roles.map((role) => ({ ...role, name: role.name.trim() })),
    fields: fields.map(({ label, ...field }) => (label?.trim() ? { ...field, label: label.trim() } : field)),
  };
}

const firstFillingRole = (roles: TemplateRole[]) => roles.find((role) => isFillingRole(role.kind)) ?? null;

// Reads of an earlier `open` that answer after a later one are dropped.
let latestOpen = 0;

export const useTemplatesStore = create<TemplatesState>()((set, get) => {
  /** Applies a change to the draft and marks it unsaved (a conflict stays in view until resolved). */
  const edit = (recipe: (draft: TemplateDraft) => TemplateDraft) => {
    const { draft, change, saveState } = get();
    if (!draft) return;
    set({
      draft: recipe(draft),
      change: change + 1,
      saveState: saveState === 'conflict' ? 'conflict' : 'unsaved',
    });
  };

  return {
    ...closed,

    open: async (templateId) => {
      const request = ++latestOpen;
      set({ ...closed, templateId, isLoading: true });
      try {
        const template = await findTemplate(templateId);
        if (request === latestOpen) get().load(template);
      } catch (error) {
        if (request === latestOpen) set({ isLoading: false, loadErrorKey: toErrorKey(error) });
      }
    },

    load: (template) =>
      set({
        ...freshSession,
        templateId: template.id,
        template,
        isLoading: false,
        loadErrorKey: null,
        draft: toDraft(template),
        revision: template.revision,
        activeRoleId: firstFillingRole(template.roles)?.id ?? null,
      }),

    openDocument: (documentId, draft) => {
      latestOpen += 1;
      set({ ...closed, mode: 'send', documentId, draft, activeRoleId: firstFillingRole(draft.roles)?.id ?? null });
    },

    reset: () => {
      latestOpen += 1;
      set(closed);
    },

    rename: (name) => edit((draft) => ({ ...draft, name })),

    chooseKind: (kind) => set({ paletteKind: kind, placingKind: kind }),

    stopPlacing: () => set({ placingKind: null }),

    addField: (kind, page, centreX, centreY) => {
      const { draft, activeRoleId } = get();
      if (!draft || draft.fields.length >= fieldsMax) return null;
      const active = draft.roles.find((role) => role.id === activeRoleId && isFillingRole(role.kind));
      const role = active ?? firstFillingRole(draft.roles);
      if (!role) return null;
      const field: TemplateField = {
        id: createId(),
        page,
        ...boxCentredAt(kind, centreX, centreY),
        kind,
        roleId: role.id,
        // A signature or initials is what a template asks for; other fields are filled when there is something to say.
        required: kind === 'signature' || kind === 'initials',
      };
      edit((current) => ({ ...current, fields: [...current.fields, field] }));
      set({ selectedFieldId: field.id, placingKind: null });
      return field.id;
    },

    changeField: (fieldId, change) =>
      edit((draft) => ({
        ...draft,
        fields: draft.fields.map((field) => {
          if (field.id !== fieldId) return field;
          const changed = { ...field, ...change };
          return { ...changed, ...clampBox(changed) };
        }),
      })),

    removeField: (fieldId) => {
      edit((draft) => ({ ...draft, fields: draft.fields.filter((field) => field.id !== fieldId) }));
      if (get().selectedFieldId === fieldId) set({ selectedFieldId: null });
    },

    selectField: (fieldId) => set({ selectedFieldId: fieldId }),

    setActiveRole: (roleId) => set({ activeRoleId: roleId }),

    addRole: (name) => {
      const { draft } = get();
      if (!draft || draft.roles.length >= rolesMax) return null;
      const lastStage = Math.max(0, ...draft.roles.map((role) => role.order));
      const role: TemplateRole = { id: createId(), name, kind: 'signer', order: Math.min(rolesMax, lastStage + 1) };
      edit((current) => ({ ...current, roles: [...current.roles, role] }));
      return role.id;
    },

    changeRole: (roleId, change) => {
      const hasFields = get().draft?.fields.some((field) => field.roleId === roleId) ?? false;
      if (change.kind && hasFields && !isFillingRole(change.kind)) return;
      edit((draft) => ({
        ...draft,
        roles: draft.roles.map((role) => (role.id === roleId ? { ...role, ...change } : role)),
      }));
      const { draft, activeRoleId } = get();
      const active = draft?.roles.find((role) => role.id === activeRoleId);
      if (draft && (!active || !isFillingRole(active.kind))) {
        set({ activeRoleId: firstFillingRole(draft.roles)?.id ?? null });
      }
    },

    removeRole: (roleId) => {
      const { draft } = get();
      if (!draft || draft.roles.length <= 1) return;
      edit((current) => ({
        ...current,
        roles: current.roles.filter((role) => role.id !== roleId),
        fields: current.fields.filter((field) => field.roleId !== roleId),
      }));
      const next = get().draft;
      if (!next) return;
      const { selectedFieldId, activeRoleId } = get();
      set({
        selectedFieldId: next.fields.some((field) => field.id === selectedFieldId) ? selectedFieldId : null,
        activeRoleId: activeRoleId === roleId ? (firstFillingRole(next.roles)?.id ?? null) : activeRoleId,
      });
    },

    save: async () => {
      const { templateId, draft, revision, change, saveState } = get();
      if (!templateId || !draft || saveState === 'saving' || saveState === 'conflict') return;
      if (findTemplateProblems(draft).count > 0) return set({ saveState: 'invalid', errorKey: null });
      set({ saveState: 'saving', errorKey: null });
      try {
        const saved = await saveTemplate(templateId, { revision, ...toSaved(draft) });
        const isUnchangedSince = get().change === change;
        set({
          template: saved,
          revision: saved.revision,
          savedChange: change,
          // As stored (names trimmed), unless the author changed something while it saved.
          ...(isUnchangedSince ? { draft: toDraft(saved), saveState: 'saved' } : { saveState: 'unsaved' }),
        });
      } catch (error) {
        const isConflict = error instanceof ApiError && error.code === 'VERSION_CONFLICT';
        set({ saveState: isConflict ? 'conflict' : 'failed', errorKey: toErrorKey(error) });
      }
    },

    resolveConflict: async (choice) => {
      const { templateId } = get();
      if (!templateId) return;
      try {
        const stored = await findTemplate(templateId);
        if (choice === 'reload') return get().load(stored);
        set({ revision: stored.revision, saveState: 'unsaved', errorKey: null });
        await get().save();
      } catch (error) {
        set({ errorKey: toErrorKey(error) });
      }
    },
  };
});
