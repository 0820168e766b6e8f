import type { WorkflowGraph, WorkflowNode } from '@formwerk/contracts';
import type { EditorProblem, FieldOption } from './editor-derivations';
import { hasLabel } from './graph-edits';

// The words for what the graph holds, shared by the canvas, the inspector and the problems list.

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A node as the author knows it: its label, or what it is. */
export function nodeName(node: WorkflowNode, t: Translate): string {
  if (hasLabel(node) && node.label.trim()) return node.label.trim();
  if (node.type === 'end') return t(`workflows.end.${node.outcome}`);
  return t(`workflows.types.${node.type}`);
}

/** The name of the way a node's `handle` leads: "Freigegeben", a rule's label, "Sonst", "Weiter". */
export function outcomeName(node: WorkflowNode, handle: string, t: Translate): string {
  if (handle === 'approved' || handle === 'rejected' || handle === 'default') return t(`workflows.outcomes.${handle}`);
  if (handle === 'out') return t(node.type === 'split' ? 'workflows.outcomes.ways' : 'workflows.outcomes.next');
  if (node.type === 'condition') {
    const index = node.rules.findIndex((rule) => rule.id === handle);
    const rule = node.rules[index];
    if (rule) return rule.label.trim() || t('workflows.condition.ruleNumber', { number: index + 1 });
  }
  return handle;
}

type ProblemContext = { graph: WorkflowGraph; fields: FieldOption[] };

/** One sentence per problem, naming the step, way, field or screen it concerns. */
export function describeProblem(problem: EditorProblem, { graph, fields }: ProblemContext, t: Translate): string {
  const node = graph.nodes.find((candidate) => candidate.id === problem.nodeId);
  const screenOf = (screenId: string | undefined) =>
    graph.screens.find((screen) => screen.id === screenId)?.name || t('workflows.screens.unnamed');
  const fieldName = (fieldId: string) => fields.find((field) => field.id === fieldId)?.label ?? fieldId;
  const values: Record<string, unknown> = { node: node ? nodeName(node, t) : '' };
  const ref = problem.ref ?? '';
  switch (problem.code) {
    case 'UNCONNECTED_OUTCOME':
    case 'DUPLICATE_OUTCOME':
      values.ref = node ? outcomeName(node, ref, t) : ref;
      break;
    case 'FIELD_MISSING':
    case 'FIELD_WRONG_TYPE':
      if (!node) {
        const [screenId = '', fieldId = ''] = ref.split(':');
        return t('workflows.problems.FIELD_MISSING_ON_SCREEN', { screen: screenOf(screenId), ref: fieldId });
      }
      values.ref = fieldName(ref);
      break;
    case 'DECISION_NOT_BEFORE': {
      const step = graph.nodes.find((candidate) => candidate.id === ref);
      values.ref = step ? nodeName(step, t) : ref;
      break;
    }
    case 'SCREEN_WITHOUT_NAME':
    case 'EXTRA_FIELD_WITHOUT_LABEL':
      values.screen = screenOf(problem.screenId);
      break;
    case 'INVALID_SETTING':
      if (!node) return t('workflows.problems.INVALID_SETTING_GENERAL');
      break;
    default:
      values.ref = ref;
  }
  return t(`workflows.problems.${problem.code}`, values);
}
