import {
  type FormDefinition,
  type FormField,
  takesAnswer,
  validateWorkflowGraph,
  type WorkflowProblem,
  type WorkflowProblemCode,
} from '@formwerk/contracts';
import type { WorkflowDraft } from '../stores/workflow-editor-store';
import { type DraftIssue, findDraftIssues } from './find-draft-issues';

// What the editor derives from its store: the fields of the attached forms and the problems of the draft.
// Each is remembered for its last inputs, so every component that selects it gets the same array (and
// zustand draws nothing again) until the draft or the forms change.

/** A field of an attached form, named for the pickers (with its form's title when there are several). */
export type FieldOption = { id: string; label: string; type: FormField['type'] };

/** Why the draft cannot be saved or published: a code and what it concerns. */
export type EditorProblem = {
  code: WorkflowProblemCode | DraftIssue['code'];
  nodeId?: string;
  edgeId?: string;
  /** The handle, field or step concerned. */
  ref?: string;
  screenId?: string;
};

type FormsInput = {
  formDefinitions: Record<string, FormDefinition>;
  teamForms: { id: string; title: string }[];
};

function rememberLast<Input extends unknown[], Output>(derive: (...input: Input) => Output) {
  let last: { input: Input; output: Output } | null = null;
  return (...input: Input): Output => {
    if (last?.input.every((value, index) => Object.is(value, input[index]))) return last.output;
    const output = derive(...input);
    last = { input, output };
    return output;
  };
}

const deriveFields = rememberLast(
  (formIds: string[], formDefinitions: FormsInput['formDefinitions'], teamForms: FormsInput['teamForms']) => {
    const fields: FieldOption[] = [];
    for (const formId of formIds) {
      const definition = formDefinitions[formId];
      if (!definition) continue;
      const formTitle = teamForms.find((form) => form.id === formId)?.title ?? definition.title;
      for (const field of definition.pages.flatMap((page) => page.fields)) {
        if (!takesAnswer(field)) continue;
        const label = field.label.trim() || field.id;
        fields.push({ id: field.id, type: field.type, label: formIds.length > 1 ? `${formTitle}: ${label}` : label });
      }
    }
    return fields;
  },
);

/** The answer fields of the attached forms whose definitions have been read. */
export const selectFields = ({ draft, formDefinitions, teamForms }: FormsInput & { draft: WorkflowDraft | null }) =>
  deriveFields(draft?.formIds ?? noIds, formDefinitions, teamForms);

const noIds: string[] = [];

const problemKey = (problem: EditorProblem) =>
  [problem.code, problem.nodeId, problem.edgeId, problem.ref, problem.screenId].join('|');

const deriveProblems = rememberLast(
  (draft: WorkflowDraft | null, formDefinitions: FormsInput['formDefinitions'], serverProblems: WorkflowProblem[]) => {
    if (!draft) return [];
    const problems = new Map<string, EditorProblem>();
    const add = (problem: EditorProblem) => problems.set(problemKey(problem), problem);
    findDraftIssues(draft).forEach(add);
    // As the api checks before publishing: against every attached form, for a submission of any of them
    // runs the graph. A form not read (yet) is left to the api.
    const definitions = draft.formIds.flatMap((formId) => formDefinitions[formId] ?? []);
    if (definitions.length === 0) validateWorkflowGraph(draft.graph).forEach(add);
    for (const definition of definitions) validateWorkflowGraph(draft.graph, definition).forEach(add);
    // The api may know more (a form changed since it was read): what it said shows too.
    serverProblems.forEach(add);
    return [...problems.values()];
  },
);

/** Every problem of the draft: what the api would refuse to save, and what keeps it from being published. */
export const selectProblems = (state: {
  draft: WorkflowDraft | null;
  formDefinitions: FormsInput['formDefinitions'];
  serverProblems: WorkflowProblem[];
}) => deriveProblems(state.draft, state.formDefinitions, state.serverProblems);
