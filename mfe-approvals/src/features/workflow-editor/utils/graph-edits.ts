import {
  outgoingHandles,
  type WorkflowEdge,
  type WorkflowGraph,
  type WorkflowNode,
  type WorkflowNodeType,
} from '@formwerk/contracts';
import { layoutWorkflowGraph, type NodeSize } from '@formwerk/ui/workflow-layout';

// Edits of a workflow's graph, written as Immer recipes (they change the draft they are given), so the
// store turns each into one undo step and untouched nodes keep their objects.

type Position = { x: number; y: number };

export type { NodeSize };
export type Connection = { source: string; sourceHandle: string; target: string };

/** A new id for a node, edge, rule or screen: short, unique within a workflow, stable once made. */
export function newId(prefix: 'n' | 'e' | 'r' | 's' | 'x'): string {
  return `${prefix}_${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;
}

/** The types the palette offers, in its order. */
export const paletteTypes: WorkflowNodeType[] = ['start', 'approval', 'condition', 'notify', 'split', 'join', 'end'];

/** Types that carry a label of their own (the others are named by their type). */
export const hasLabel = (node: WorkflowNode): node is Extract<WorkflowNode, { label: string }> => 'label' in node;

/** A node of `type` with the settings a new one starts with; `label` in the editor's language. */
export function createNode(type: WorkflowNodeType, position: Position, label: string): WorkflowNode {
  const base = { id: newId('n'), position };
  switch (type) {
    case 'start':
    case 'split':
    case 'join':
      return { ...base, type };
    case 'approval':
      return { ...base, type, label, assignees: [], mode: 'vote', rule: { kind: 'any' } };
    case 'condition':
      return { ...base, type, label, rules: [] };
    case 'notify':
      return { ...base, type, label, recipients: [], message: '' };
    case 'end':
      return { ...base, type, outcome: 'approved' };
  }
}

export const nodeWidth = 232;
const frameHeight = 44;
const lineHeight = 22;
const outcomeHeight = 28;

/**
 * How tall a node draws (workflow-nodes.tsx): type, a label where it has one, a summary line except at
 * an end, and a row per outcome. The canvas measures the real sizes; this is the size until it has.
 */
export function estimateNodeSize(node: WorkflowNode): NodeSize {
  const lines = (hasLabel(node) || node.type === 'end' ? 1 : 0) + (node.type === 'end' ? 0 : 1);
  return { width: nodeWidth, height: frameHeight + lines * lineHeight + outgoingHandles(node).length * outcomeHeight };
}

/** `wanted`, moved down and right until no node starts at the same place (repeated adds stay apart). */
export function freePosition(graph: WorkflowGraph, wanted: Position): Position {
  const step = 32;
  let position = wanted;
  while (
    graph.nodes.some((node) => Math.abs(node.position.x - position.x) < 8 && Math.abs(node.position.y - position.y) < 8)
  ) {
    position = { x: position.x + step, y: position.y + step };
  }
  return position;
}

/** Whether an edge from `source` by `sourceHandle` to `target` can be drawn at all. */
export function canConnect(graph: WorkflowGraph, { source, sourceHandle, target }: Connection): boolean {
  const from = graph.nodes.find((node) => node.id === source);
  const to = graph.nodes.find((node) => node.id === target);
  return Boolean(
    from && to && source !== target && to.type !== 'start' && outgoingHandles(from).includes(sourceHandle),
  );
}

/**
 * Draws an edge. An outcome leads one way, so a new edge from a taken handle replaces the old one;
 * a split's ways are its several edges, so there it is added (once per target).
 */
export function connect(graph: WorkflowGraph, connection: Connection): void {
  if (!canConnect(graph, connection)) return;
  const { source, sourceHandle, target } = connection;
  const sourceNode = graph.nodes.find((node) => node.id === source);
  const leaving = graph.edges.filter((edge) => edge.source === source && edge.sourceHandle === sourceHandle);
  if (leaving.some((edge) => edge.target === target)) return;
  if (sourceNode?.type !== 'split') {
    graph.edges = graph.edges.filter((edge) => !leaving.includes(edge));
  }
  graph.edges.push({ id: newId('e'), source, sourceHandle, target });
}

/** Removes nodes with every edge that touches them, and edges. */
export function removeElements(
  graph: WorkflowGraph,
  { nodeIds = [], edgeIds = [] }: { nodeIds?: string[]; edgeIds?: string[] },
) {
  const nodes = new Set(nodeIds);
  const edges = new Set(edgeIds);
  graph.nodes = graph.nodes.filter((node) => !nodes.has(node.id));
  graph.edges = graph.edges.filter((edge) => !edges.has(edge.id) && !nodes.has(edge.source) && !nodes.has(edge.target));
}

/** The edges that leave a node by `handle`. */
export const edgesFrom = (graph: WorkflowGraph, nodeId: string, handle: string): WorkflowEdge[] =>
  graph.edges.filter((edge) => edge.source === nodeId && edge.sourceHandle === handle);

/**
 * Lays the graph out from left to right (packages/ui's layoutWorkflowGraph), each node at the top left
 * corner of its box. `sizes` are the measured ones where the canvas has them.
 */
export function layoutGraph(graph: WorkflowGraph, sizes: Record<string, NodeSize> = {}): void {
  layoutWorkflowGraph(graph, (node) => sizes[node.id] ?? estimateNodeSize(node));
}

/** The nodes from which a way leads to `nodeId`: the steps whose decision a condition there may read. */
export function nodesBefore(graph: WorkflowGraph, nodeId: string): Set<string> {
  const before = new Set<string>();
  const waiting = [nodeId];
  while (waiting.length > 0) {
    const current = waiting.pop();
    for (const edge of graph.edges) {
      if (edge.target !== current || before.has(edge.source)) continue;
      before.add(edge.source);
      waiting.push(edge.source);
    }
  }
  return before;
}
