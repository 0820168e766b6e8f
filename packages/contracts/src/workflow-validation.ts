import type { FormDefinition } from './form-definition.contract';
import { outgoingHandles, type WorkflowEdge, type WorkflowGraph, type WorkflowNode } from './workflow-graph.contract';

/**
 * Why a graph cannot be published. The editor marks the node or edge named; the api refuses to
 * publish while any problem remains (WORKFLOW_INVALID with `details.problems`).
 */
export const workflowProblemCodes = [
  'NO_START',
  'SEVERAL_STARTS',
  'NO_END',
  /** No way leads from the start to this node. */
  'UNREACHABLE_NODE',
  /** An outcome (handle) of this node leads nowhere: a request would sit in limbo. */
  'UNCONNECTED_OUTCOME',
  /** Two edges leave one handle (a split has one handle with several edges: allowed). */
  'DUPLICATE_OUTCOME',
  /** An edge from or to a node that does not exist, or by a handle the node does not have. */
  'BROKEN_EDGE',
  /** A way that comes back to an earlier node: workflows run forwards (request changes goes back). */
  'CYCLE',
  'CONDITION_WITHOUT_DEFAULT',
  'JOIN_WITHOUT_SPLIT',
  /** A split whose ways do not meet again at one join. */
  'SPLIT_WITHOUT_JOIN',
  'SPLIT_NEEDS_TWO_WAYS',
  'STEP_WITHOUT_ASSIGNEES',
  /** "At least N" with fewer than N fixed assignees is allowed (groups grow); N above 500 is not. */
  'RULE_COUNT_TOO_HIGH',
  /** A step's screen that the graph does not have. */
  'SCREEN_MISSING',
  /** A screen, condition, deadline or assignee names a form field that no longer exists. */
  'FIELD_MISSING',
  /** An assignee or a date deadline names a field of the wrong type (email / date expected). */
  'FIELD_WRONG_TYPE',
  /** A condition compares a step's decision that does not come before it. */
  'DECISION_NOT_BEFORE',
] as const;
export type WorkflowProblemCode = (typeof workflowProblemCodes)[number];

export type WorkflowProblem = {
  code: WorkflowProblemCode;
  nodeId?: string;
  edgeId?: string;
  /** The handle, screen or field concerned. */
  ref?: string;
};

type Indexes = {
  nodes: Map<string, WorkflowNode>;
  outgoing: Map<string, WorkflowEdge[]>;
};

function indexGraph(graph: WorkflowGraph): Indexes {
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  const outgoing = new Map<string, WorkflowEdge[]>();
  for (const edge of graph.edges) {
    if (!nodes.has(edge.source) || !nodes.has(edge.target)) continue;
    outgoing.set(edge.source, [...(outgoing.get(edge.source) ?? []), edge]);
  }
  return { nodes, outgoing };
}

function checkStructure(graph: WorkflowGraph, { nodes, outgoing }: Indexes): WorkflowProblem[] {
  const problems: WorkflowProblem[] = [];
  const starts = graph.nodes.filter((node) => node.type === 'start');
  if (starts.length === 0) problems.push({ code: 'NO_START' });
  for (const extra of starts.slice(1)) problems.push({ code: 'SEVERAL_STARTS', nodeId: extra.id });
  if (!graph.nodes.some((node) => node.type === 'end')) problems.push({ code: 'NO_END' });

  for (const edge of graph.edges) {
    const source = nodes.get(edge.source);
    if (!source || !nodes.has(edge.target) || !outgoingHandles(source).includes(edge.sourceHandle)) {
      problems.push({ code: 'BROKEN_EDGE', edgeId: edge.id });
    }
  }
  for (const node of graph.nodes) {
    const edges = outgoing.get(node.id) ?? [];
    for (const handle of outgoingHandles(node)) {
      const leaving = edges.filter((edge) => edge.sourceHandle === handle);
      if (leaving.length === 0) problems.push({ code: 'UNCONNECTED_OUTCOME', nodeId: node.id, ref: handle });
      if (leaving.length > 1 && node.type !== 'split') {
        problems.push({ code: 'DUPLICATE_OUTCOME', nodeId: node.id, ref: handle });
      }
    }
    if (node.type === 'split' && edges.length < 2) problems.push({ code: 'SPLIT_NEEDS_TWO_WAYS', nodeId: node.id });
    if (node.type === 'approval' && node.assignees.length === 0) {
      problems.push({ code: 'STEP_WITHOUT_ASSIGNEES', nodeId: node.id });
    }
    if (node.type === 'condition' && !edges.some((edge) => edge.sourceHandle === 'default')) {
      problems.push({ code: 'CONDITION_WITHOUT_DEFAULT', nodeId: node.id });
    }
  }
  return problems;
}

/** Nodes reachable from the start, and the back edges (cycles) met on the way, by depth-first search. */
function walkFromStart(graph: WorkflowGraph, { outgoing }: Indexes) {
  const start = graph.nodes.find((node) => node.type === 'start');
  const reached = new Set<string>();
  const onPath = new Set<string>();
  const backEdges: WorkflowEdge[] = [];
  const visit = (nodeId: string) => {
    reached.add(nodeId);
    onPath.add(nodeId);
    for (const edge of outgoing.get(nodeId) ?? []) {
      if (onPath.has(edge.target)) backEdges.push(edge);
      else if (!reached.has(edge.target)) visit(edge.target);
    }
    onPath.delete(nodeId);
  };
  if (start) visit(start.id);
  return { reached, backEdges };
}

/**
 * Splits and joins pair up like brackets: the ways out of a split meet again at one join (a way may
 * also reach an end, which ends the whole instance), and every join closes some split.
 */
function checkSplitsAndJoins(graph: WorkflowGraph, { nodes, outgoing }: Indexes): WorkflowProblem[] {
  const problems: WorkflowProblem[] = [];
  // The joins that close the bracket opened before `nodeId`, nested splits counted by `depth`.
  const closingJoins = (nodeId: string, depth: number, found: Set<string>, seen: Set<string>) => {
    const key = `${nodeId}@${depth}`;
    const node = nodes.get(nodeId);
    if (!node || seen.has(key)) return;
    seen.add(key);
    if (node.type === 'join' && depth === 0) {
      found.add(node.id);
      return;
    }
    const next = node.type === 'split' ? depth + 1 : node.type === 'join' ? depth - 1 : depth;
    for (const edge of outgoing.get(nodeId) ?? []) closingJoins(edge.target, next, found, seen);
  };
  const closedJoins = new Set<string>();
  for (const node of graph.nodes) {
    if (node.type !== 'split') continue;
    const found = new Set<string>();
    const seen = new Set<string>();
    for (const edge of outgoing.get(node.id) ?? []) closingJoins(edge.target, 0, found, seen);
    const [join] = found;
    if (found.size !== 1 || !join) problems.push({ code: 'SPLIT_WITHOUT_JOIN', nodeId: node.id });
    else closedJoins.add(join);
  }
  for (const node of graph.nodes) {
    if (node.type === 'join' && !closedJoins.has(node.id))
      problems.push({ code: 'JOIN_WITHOUT_SPLIT', nodeId: node.id });
  }
  return problems;
}

/** Steps that come before `nodeId` on every way to it are the ones whose decision a condition may read. */
function stepsBefore(graph: WorkflowGraph, nodeId: string): Set<string> {
  const incoming = new Map<string, string[]>();
  for (const edge of graph.edges) incoming.set(edge.target, [...(incoming.get(edge.target) ?? []), edge.source]);
  const before = new Set<string>();
  const stack = [...(incoming.get(nodeId) ?? [])];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    if (before.has(current)) continue;
    before.add(current);
    stack.push(...(incoming.get(current) ?? []));
  }
  return before;
}

function checkReferences(graph: WorkflowGraph, form: FormDefinition | undefined): WorkflowProblem[] {
  const problems: WorkflowProblem[] = [];
  const screens = new Set(graph.screens.map((screen) => screen.id));
  const fields = form ? new Map(form.pages.flatMap((page) => page.fields).map((field) => [field.id, field])) : null;
  const checkField = (nodeId: string | undefined, fieldId: string, type?: string) => {
    if (!fields) return;
    const field = fields.get(fieldId);
    if (!field) problems.push({ code: 'FIELD_MISSING', nodeId, ref: fieldId });
    else if (type && field.type !== type) problems.push({ code: 'FIELD_WRONG_TYPE', nodeId, ref: fieldId });
  };
  for (const node of graph.nodes) {
    if (node.type === 'approval' || node.type === 'notify') {
      const assignees = node.type === 'approval' ? node.assignees : node.recipients;
      for (const assignee of assignees) if (assignee.kind === 'answer') checkField(node.id, assignee.fieldId, 'email');
    }
    if (node.type === 'approval') {
      if (node.screenId && !screens.has(node.screenId)) {
        problems.push({ code: 'SCREEN_MISSING', nodeId: node.id, ref: node.screenId });
      }
      if (node.deadline?.due.kind === 'dateField') checkField(node.id, node.deadline.due.fieldId, 'date');
      if (node.deadline?.escalateTo?.kind === 'answer') checkField(node.id, node.deadline.escalateTo.fieldId, 'email');
    }
    if (node.type === 'condition') {
      const before = stepsBefore(graph, node.id);
      for (const rule of node.rules) {
        for (const condition of rule.conditions) {
          if (condition.source === 'answer') checkField(node.id, condition.fieldId);
          else if (!before.has(condition.fieldId)) {
            problems.push({ code: 'DECISION_NOT_BEFORE', nodeId: node.id, ref: condition.fieldId });
          }
        }
      }
    }
  }
  for (const screen of graph.screens) {
    for (const fieldId of Object.keys(screen.fields)) {
      if (fields && !fields.has(fieldId)) problems.push({ code: 'FIELD_MISSING', ref: `${screen.id}:${fieldId}` });
    }
  }
  return problems;
}

/**
 * Every reason the graph cannot run, in a stable order; none means it can be published.
 * With `form`, references to its fields are checked too (the editor and the api pass the attached form).
 */
export function validateWorkflowGraph(graph: WorkflowGraph, form?: FormDefinition): WorkflowProblem[] {
  const indexes = indexGraph(graph);
  const problems = checkStructure(graph, indexes);
  const { reached, backEdges } = walkFromStart(graph, indexes);
  if (reached.size > 0) {
    for (const node of graph.nodes)
      if (!reached.has(node.id)) problems.push({ code: 'UNREACHABLE_NODE', nodeId: node.id });
  }
  for (const edge of backEdges) problems.push({ code: 'CYCLE', edgeId: edge.id, nodeId: edge.target });
  if (backEdges.length === 0) problems.push(...checkSplitsAndJoins(graph, indexes));
  problems.push(...checkReferences(graph, form));
  return problems;
}
