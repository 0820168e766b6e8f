import {
  type FormDefinition,
  type WorkflowGraph,
  type WorkflowNode,
  type WorkflowNodeType,
  type WorkflowPeopleResponse,
  type WorkflowProblem,
  type WorkflowResponse,
  workflowInvalidDetailsSchema,
} from '@formwerk/contracts';
import { ApiError } from '@formwerk/platform';
import { produce } from 'immer';
import { create } from 'zustand';
import { toErrorKey } from '../../../utils/error-key';
import {
  findForm,
  findPeople,
  findWorkflow,
  listTeamForms,
  publishWorkflow,
  saveWorkflow,
} from '../api/workflow-editor-api';
import { selectProblems } from '../utils/editor-derivations';
import { findDraftIssues } from '../utils/find-draft-issues';
import {
  type Connection,
  connect,
  createNode,
  freePosition,
  layoutGraph,
  type NodeSize,
  removeElements,
} from '../utils/graph-edits';

/** What the editor changes and a save sends: the workflow's name, description, forms and graph. */
export type WorkflowDraft = { name: string; description: string; formIds: string[]; graph: WorkflowGraph };

export type EditorSelection = { kind: 'node'; id: string } | { kind: 'edge'; id: string } | null;

/** Where the author's work stands: stored, changed, on its way, held up (and why). */
export type SaveState = 'saved' | 'unsaved' | 'saving' | 'invalid' | 'conflict' | 'failed';

type TeamForm = { id: string; title: string };

type WorkflowEditorState = {
  workflowId: string | null;
  isLoading: boolean;
  loadErrorKey: string | null;
  draft: WorkflowDraft | null;
  /** The stored revision the next save starts from. */
  revision: number;
  publishedVersion: number | null;
  hasUnpublishedChanges: boolean;
  /** The published versions, newest first. */
  versions: WorkflowResponse['versions'];
  selection: EditorSelection;
  past: WorkflowDraft[];
  future: WorkflowDraft[];
  /** Typing into one setting, or one drag of a node, is one undo step. */
  lastEdit: { key: string; at: number } | null;
  /** Bumped by every change; there is something to save while it is ahead of `savedChange`. */
  change: number;
  savedChange: number;
  saveState: SaveState;
  errorKey: string | null;
  isPublishing: boolean;
  /** The version just published, for the page's announcement. */
  justPublished: number | null;
  /** What the api named when it refused to publish; cleared by the next change. */
  serverProblems: WorkflowProblem[];
  people: WorkflowPeopleResponse;
  teamForms: TeamForm[];
  /** The definitions of the attached forms, by form id, as far as they could be read. */
  formDefinitions: Record<string, FormDefinition>;
  open: (workflowId: string) => Promise<void>;
  load: (workflow: WorkflowResponse) => void;
  edit: (recipe: (draft: WorkflowDraft) => void, coalesceKey?: string) => void;
  /** Changes one node of `type`; other nodes are left alone. */
  editNode: <Type extends WorkflowNodeType>(
    nodeId: string,
    type: Type,
    recipe: (node: Extract<WorkflowNode, { type: Type }>) => void,
    coalesceKey?: string,
  ) => void;
  undo: () => void;
  redo: () => void;
  select: (selection: EditorSelection) => void;
  /** Adds a node at `position` (moved aside when another starts there), selects it and returns its id. */
  addNode: (type: WorkflowNodeType, position: { x: number; y: number }, label: string) => string;
  connect: (connection: Connection) => void;
  removeElements: (elements: { nodeIds?: string[]; edgeIds?: string[] }) => void;
  moveNode: (nodeId: string, position: { x: number; y: number }) => void;
  layout: (sizes?: Record<string, NodeSize>) => void;
  /** Attaches these forms and reads the definitions not yet read. */
  setForms: (formIds: string[]) => void;
  save: () => Promise<void>;
  /** After a conflict: take the stored workflow (drop mine) or save mine over it. */
  resolveConflict: (choice: 'reload' | 'overwrite') => Promise<void>;
  publish: () => Promise<void>;
};

const historyLimit = 100;
const coalesceMs = 1000;

/** A workflow just opened: nothing selected, no history, nothing to save. */
const freshSession = {
  selection: null,
  past: [],
  future: [],
  lastEdit: null,
  change: 0,
  savedChange: 0,
  saveState: 'saved',
  errorKey: null,
  isPublishing: false,
  justPublished: null,
  serverProblems: [],
} satisfies Partial<WorkflowEditorState>;

const toDraft = (workflow: WorkflowResponse): WorkflowDraft => ({
  name: workflow.name,
  description: workflow.description,
  formIds: workflow.forms.map((form) => form.id),
  graph: workflow.graph,
});

/** Reads the definitions of `formIds` not in `known`; a form that cannot be read is left out. */
async function readDefinitions(formIds: string[], known: Record<string, FormDefinition>) {
  const missing = formIds.filter((formId) => !known[formId]);
  const results = await Promise.allSettled(missing.map((formId) => findForm(formId)));
  const read: Record<string, FormDefinition> = {};
  for (const result of results) if (result.status === 'fulfilled') read[result.value.id] = result.value.definition;
  return read;
}

// Requests of an earlier `open` that answer after a later one are dropped.
let latestOpen = 0;

export const useWorkflowEditorStore = create<WorkflowEditorState>()((set, get) => ({
  workflowId: null,
  isLoading: false,
  loadErrorKey: null,
  draft: null,
  revision: 0,
  publishedVersion: null,
  hasUnpublishedChanges: false,
  versions: [],
  people: { users: [], groups: [] },
  teamForms: [],
  formDefinitions: {},
  ...freshSession,

  open: async (workflowId) => {
    const request = ++latestOpen;
    set({ isLoading: true, loadErrorKey: null });
    try {
      const [workflow, people, forms] = await Promise.all([findWorkflow(workflowId), findPeople(), listTeamForms()]);
      const formDefinitions = await readDefinitions(
        workflow.forms.map((form) => form.id),
        {},
      );
      if (request !== latestOpen) return;
      set({ people, teamForms: forms.forms.map(({ id, title }) => ({ id, title })), formDefinitions });
      get().load(workflow);
    } catch (error) {
      if (request === latestOpen) set({ isLoading: false, loadErrorKey: toErrorKey(error) });
    }
  },

  load: (workflow) =>
    set({
      ...freshSession,
      workflowId: workflow.id,
      isLoading: false,
      loadErrorKey: null,
      draft: toDraft(workflow),
      revision: workflow.revision,
      publishedVersion: workflow.publishedVersion,
      hasUnpublishedChanges: workflow.hasUnpublishedChanges,
      versions: workflow.versions,
    }),

  edit: (recipe, coalesceKey) => {
    const { draft, past, lastEdit, change, saveState } = get();
    if (!draft) return;
    const next = produce(draft, recipe);
    if (next === draft) return;
    const now = Date.now();
    const isSameGesture = coalesceKey !== undefined && lastEdit?.key === coalesceKey && now - lastEdit.at < coalesceMs;
    set({
      draft: next,
      past: isSameGesture ? past : [...past, draft].slice(-historyLimit),
      future: [],
      lastEdit: coalesceKey === undefined ? null : { key: coalesceKey, at: now },
      change: change + 1,
      saveState: saveState === 'conflict' ? 'conflict' : 'unsaved',
      serverProblems: [],
      justPublished: null,
    });
  },

  editNode: (nodeId, type, recipe, coalesceKey) =>
    get().edit((draft) => {
      const node = draft.graph.nodes.find((candidate) => candidate.id === nodeId);
      if (node?.type === type) recipe(node as Extract<WorkflowNode, { type: typeof type }>);
    }, coalesceKey),

  undo: () => {
    const { draft, past, future, change, selection } = get();
    const previous = past.at(-1);
    if (!draft || !previous) return;
    set({
      draft: previous,
      past: past.slice(0, -1),
      future: [draft, ...future],
      lastEdit: null,
      change: change + 1,
      saveState: 'unsaved',
      selection: existingSelection(previous.graph, selection),
    });
  },

  redo: () => {
    const { draft, past, future, change, selection } = get();
    const [next, ...rest] = future;
    if (!draft || !next) return;
    set({
      draft: next,
      past: [...past, draft],
      future: rest,
      lastEdit: null,
      change: change + 1,
      saveState: 'unsaved',
      selection: existingSelection(next.graph, selection),
    });
  },

  select: (selection) => set({ selection }),

  addNode: (type, position, label) => {
    const { draft } = get();
    const node = createNode(type, draft ? freePosition(draft.graph, position) : position, label);
    get().edit((next) => {
      next.graph.nodes.push(node);
    });
    set({ selection: { kind: 'node', id: node.id } });
    return node.id;
  },

  connect: (connection) =>
    get().edit((draft) => {
      connect(draft.graph, connection);
    }),

  removeElements: (elements) => {
    get().edit((draft) => {
      removeElements(draft.graph, elements);
    });
    const { draft, selection } = get();
    if (draft) set({ selection: existingSelection(draft.graph, selection) });
  },

  moveNode: (nodeId, position) =>
    get().edit((draft) => {
      const node = draft.graph.nodes.find((candidate) => candidate.id === nodeId);
      if (node) node.position = position;
    }, `move:${nodeId}`),

  layout: (sizes) =>
    get().edit((draft) => {
      layoutGraph(draft.graph, sizes);
    }),

  setForms: (formIds) => {
    get().edit((draft) => {
      draft.formIds = formIds;
    });
    void readDefinitions(formIds, get().formDefinitions).then((read) =>
      set((state) => ({ formDefinitions: { ...state.formDefinitions, ...read } })),
    );
  },

  save: async () => {
    const { workflowId, draft, revision, change, saveState } = get();
    if (!workflowId || !draft || saveState === 'saving' || saveState === 'conflict') return;
    if (findDraftIssues(draft).length > 0) return set({ saveState: 'invalid', errorKey: null });
    set({ saveState: 'saving', errorKey: null });
    try {
      const workflow = await saveWorkflow(workflowId, { ...draft, revision });
      set({
        revision: workflow.revision,
        publishedVersion: workflow.publishedVersion,
        hasUnpublishedChanges: workflow.hasUnpublishedChanges,
        versions: workflow.versions,
        savedChange: change,
        // Changes made while this save was under way wait for the next one.
        saveState: get().change === change ? 'saved' : 'unsaved',
      });
    } catch (error) {
      const isConflict = error instanceof ApiError && error.code === 'VERSION_CONFLICT';
      set({ saveState: isConflict ? 'conflict' : 'failed', errorKey: toErrorKey(error) });
    }
  },

  resolveConflict: async (choice) => {
    const { workflowId } = get();
    if (!workflowId) return;
    try {
      const stored = await findWorkflow(workflowId);
      if (choice === 'reload') return get().load(stored);
      set({ revision: stored.revision, saveState: 'unsaved', errorKey: null });
      await get().save();
    } catch (error) {
      set({ errorKey: toErrorKey(error) });
    }
  },

  publish: async () => {
    const { workflowId } = get();
    if (!workflowId) return;
    set({ isPublishing: true, errorKey: null, justPublished: null, serverProblems: [] });
    try {
      // What is published is what is saved: the latest edits go out first.
      if (get().change !== get().savedChange) await get().save();
      if (get().saveState !== 'saved' && get().saveState !== 'invalid') return;
      // The api would refuse it for the same reasons the problems list shows: say so without asking it.
      if (get().saveState === 'invalid' || selectProblems(get()).length > 0) {
        set({ errorKey: 'errors.WORKFLOW_INVALID' });
        return;
      }
      const workflow = await publishWorkflow(workflowId, get().revision);
      set({
        revision: workflow.revision,
        publishedVersion: workflow.publishedVersion,
        hasUnpublishedChanges: workflow.hasUnpublishedChanges,
        versions: workflow.versions,
        justPublished: workflow.publishedVersion,
      });
    } catch (error) {
      const details = error instanceof ApiError ? workflowInvalidDetailsSchema.safeParse(error.details) : undefined;
      set({ errorKey: toErrorKey(error), serverProblems: details?.success ? details.data.problems : [] });
    } finally {
      set({ isPublishing: false });
    }
  },
}));

/** The selection, if what it names is still in the graph (after an undo, a removal). */
function existingSelection(graph: WorkflowGraph, selection: EditorSelection): EditorSelection {
  if (selection?.kind === 'node') return graph.nodes.some((node) => node.id === selection.id) ? selection : null;
  if (selection?.kind === 'edge') return graph.edges.some((edge) => edge.id === selection.id) ? selection : null;
  return null;
}
