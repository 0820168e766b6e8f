import type { WorkflowGraph } from '@formwerk/contracts';
import { layoutWorkflowGraph } from '@formwerk/ui/workflow-layout';

// The box each step is drawn in (before the browser measures it), and with it the room it takes.
export const nodeSize = { width: 190, height: 76 };

/** Whether two steps' boxes at their stored places cover each other. */
function hasOverlaps(graph: WorkflowGraph): boolean {
  return graph.nodes.some((node, index) =>
    graph.nodes
      .slice(index + 1)
      .some(
        (other) =>
          Math.abs(node.position.x - other.position.x) < nodeSize.width &&
          Math.abs(node.position.y - other.position.y) < nodeSize.height,
      ),
  );
}

/**
 * The graph as its author placed it, or, when steps were left on top of each other (added and never
 * moved or arranged), laid out afresh: the requester must be able to read where the request stands.
 */
export function readableGraph(graph: WorkflowGraph): WorkflowGraph {
  if (!hasOverlaps(graph)) return graph;
  const laidOut = structuredClone(graph);
  layoutWorkflowGraph(laidOut, () => nodeSize);
  return laidOut;
}
