import type { WorkflowGraph, WorkflowNode } from '@formwerk/contracts';
import { describe, expect, it } from 'vitest';
import { readableGraph } from './readable-graph';

const node = (id: string, x: number, y: number) =>
  ({ id, type: id === 'start' ? 'start' : 'approval', label: id, position: { x, y } }) as WorkflowNode;

function graphAt(places: Record<string, [number, number]>): WorkflowGraph {
  const nodes = Object.entries(places).map(([id, [x, y]]) => node(id, x, y));
  return {
    nodes,
    edges: [
      { id: 'e1', source: 'start', sourceHandle: 'out', target: 'a' },
      { id: 'e2', source: 'a', sourceHandle: 'approved', target: 'b' },
    ],
    screens: [],
  };
}

describe('readableGraph', () => {
  it('keeps the places the author gave steps that do not cover each other', () => {
    const graph = graphAt({ start: [0, 0], a: [300, 0], b: [600, 0] });
    expect(readableGraph(graph)).toBe(graph);
  });

  it('lays out afresh, left to right, steps left on top of each other, without changing the stored graph', () => {
    const graph = graphAt({ start: [0, 0], a: [400, 200], b: [420, 210] });
    const readable = readableGraph(graph);
    const xOf = (id: string) => readable.nodes.find((candidate) => candidate.id === id)?.position.x ?? Number.NaN;
    expect(xOf('start')).toBeLessThan(xOf('a'));
    expect(xOf('a')).toBeLessThan(xOf('b'));
    expect(graph.nodes.find((candidate) => candidate.id === 'b')?.position).toEqual({ x: 420, y: 210 });
  });
});
