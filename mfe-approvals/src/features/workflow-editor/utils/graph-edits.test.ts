import type { WorkflowGraph, WorkflowNode } from '@formwerk/contracts';
import { describe, expect, it } from 'vitest';
import { layoutGraph } from './graph-edits';

/** Start, `count` chained approval steps (approved to the next, rejected to one shared end), two ends. */
function chain(count: number): WorkflowGraph {
  const origin = { x: 0, y: 0 };
  const steps = Array.from(
    { length: count },
    (_, index) => ({ id: `s${index}`, type: 'approval', label: `Step ${index}`, position: origin }) as WorkflowNode,
  );
  const nodes = [
    { id: 'start', type: 'start', position: origin },
    ...steps,
    { id: 'yes', type: 'end', outcome: 'approved', position: origin },
    { id: 'no', type: 'end', outcome: 'rejected', position: origin },
  ] as WorkflowNode[];
  const edges = [{ id: 'e-start', source: 'start', sourceHandle: 'out', target: 's0' }];
  steps.forEach((step, index) => {
    edges.push({
      id: `${step.id}-a`,
      source: step.id,
      sourceHandle: 'approved',
      target: steps[index + 1]?.id ?? 'yes',
    });
    edges.push({ id: `${step.id}-r`, source: step.id, sourceHandle: 'rejected', target: 'no' });
  });
  return { nodes, edges, screens: [] };
}

const xOf = (graph: WorkflowGraph, id: string) => graph.nodes.find((node) => node.id === id)?.position.x ?? Number.NaN;

describe('layoutGraph', () => {
  it('lays the steps out from left to right in the order of their ways', () => {
    const graph = chain(3);
    layoutGraph(graph);
    expect(xOf(graph, 'start')).toBeLessThan(xOf(graph, 's0'));
    expect(xOf(graph, 's0')).toBeLessThan(xOf(graph, 's1'));
    expect(xOf(graph, 's1')).toBeLessThan(xOf(graph, 's2'));
    expect(xOf(graph, 's2')).toBeLessThan(xOf(graph, 'yes'));
  });

  it('places an end that many steps lead to after the last of them, and keeps every way in the graph', () => {
    const graph = chain(40);
    layoutGraph(graph);
    for (let index = 0; index < 40; index += 1) expect(xOf(graph, `s${index}`)).toBeLessThan(xOf(graph, 'no'));
    expect(graph.edges).toHaveLength(81);
  });

  it('gives no two nodes the same place', () => {
    const graph = chain(12);
    layoutGraph(graph);
    const places = new Set(graph.nodes.map((node) => `${node.position.x},${node.position.y}`));
    expect(places.size).toBe(graph.nodes.length);
  });
});
