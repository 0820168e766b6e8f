import { Graph, layout } from '@dagrejs/dagre';
import type { WorkflowEdge, WorkflowGraph, WorkflowNode } from '@formwerk/contracts';

// Where the steps of a workflow go when nobody placed them: the editor's "Arrange" and the read-only
// graph of a request whose author left steps on top of each other. Its own entry point
// (`@formwerk/ui/workflow-layout`), so that only the pages that lay graphs out load dagre.

export type NodeSize = { width: number; height: number };

/**
 * The edges dagre places the nodes by: all but the ways into an end that several steps lead to, of
 * which only the one from the step farthest from the start is kept, so the end comes after all of
 * them. Each way kept that spans k columns costs dagre k placeholder nodes: a "rejected" end that
 * each of 100 chained steps leads to made 5 000 of them and took 1.6 s; the ways left out are still
 * drawn by the canvas.
 */
function edgesToLayOut(graph: WorkflowGraph): WorkflowEdge[] {
  const ends = new Set(graph.nodes.filter((node) => node.type === 'end').map((node) => node.id));
  const distance = distancesFromStart(graph);
  const kept = new Map<string, WorkflowEdge>();
  for (const edge of graph.edges) {
    if (!ends.has(edge.target)) continue;
    const current = kept.get(edge.target);
    if (!current || (distance.get(edge.source) ?? -1) > (distance.get(current.source) ?? -1))
      kept.set(edge.target, edge);
  }
  return graph.edges.filter((edge) => !ends.has(edge.target) || kept.get(edge.target) === edge);
}

/** How many ways each node is from the start (breadth first); nodes it cannot reach have none. */
function distancesFromStart(graph: WorkflowGraph): Map<string, number> {
  const outgoing = new Map<string, WorkflowEdge[]>();
  for (const edge of graph.edges) {
    const fromSource = outgoing.get(edge.source);
    if (fromSource) fromSource.push(edge);
    else outgoing.set(edge.source, [edge]);
  }
  const distance = new Map<string, number>();
  const queue = graph.nodes.filter((node) => node.type === 'start').map((node) => node.id);
  for (const id of queue) distance.set(id, 0);
  for (let index = 0; index < queue.length; index += 1) {
    const id = queue[index] as string;
    for (const edge of outgoing.get(id) ?? []) {
      if (distance.has(edge.target)) continue;
      distance.set(edge.target, (distance.get(id) ?? 0) + 1);
      queue.push(edge.target);
    }
  }
  return distance;
}

/**
 * Lays a workflow's graph out from left to right (dagre), each node at the top left corner of its box
 * of `sizeOf`. Changes the graph it is given (the editor passes an Immer draft).
 */
export function layoutWorkflowGraph(graph: WorkflowGraph, sizeOf: (node: WorkflowNode) => NodeSize): void {
  const layered = new Graph({ multigraph: true });
  layered.setGraph({ rankdir: 'LR', nodesep: 40, ranksep: 90, marginx: 20, marginy: 20 });
  layered.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) layered.setNode(node.id, { ...sizeOf(node) });
  for (const edge of edgesToLayOut(graph)) {
    if (layered.hasNode(edge.source) && layered.hasNode(edge.target)) {
      layered.setEdge(edge.source, edge.target, {}, edge.id);
    }
  }
  layout(layered);
  for (const node of graph.nodes) {
    const { x, y } = layered.node(node.id);
    const { width, height } = sizeOf(node);
    // dagre places centres; the canvas places top left corners.
    node.position = { x: Math.round(x - width / 2), y: Math.round(y - height / 2) };
  }
}
