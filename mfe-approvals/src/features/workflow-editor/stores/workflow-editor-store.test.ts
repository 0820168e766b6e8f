import type { WorkflowResponse } from '@formwerk/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { useWorkflowEditorStore } from './workflow-editor-store';

const stored: WorkflowResponse = {
  id: 'w1',
  name: 'Purchase',
  description: '',
  forms: [],
  graph: {
    nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 } },
      { id: 'done', type: 'end', outcome: 'approved', position: { x: 0, y: 0 } },
    ],
    edges: [],
    screens: [],
  },
  revision: 4,
  publishedVersion: null,
  hasUnpublishedChanges: true,
  versions: [],
  updatedAt: '2026-05-04T14:05:00.000Z',
};

const store = () => useWorkflowEditorStore.getState();
const graph = () => {
  const { draft } = store();
  if (!draft) throw new Error('no workflow loaded');
  return draft.graph;
};

beforeEach(() => store().load(stored));

describe('the workflow editor store', () => {
  it('adds a node where asked, selects it, and moves the next one aside instead of on top', () => {
    const first = store().addNode('approval', { x: 100, y: 50 }, 'Manager');
    const second = store().addNode('approval', { x: 100, y: 50 }, 'Finance');
    expect(graph().nodes.find((node) => node.id === first)).toMatchObject({
      type: 'approval',
      label: 'Manager',
      assignees: [],
      position: { x: 100, y: 50 },
    });
    expect(graph().nodes.find((node) => node.id === second)?.position).not.toEqual({ x: 100, y: 50 });
    expect(store().selection).toEqual({ kind: 'node', id: second });
    expect(store().saveState).toBe('unsaved');
  });

  it('connects an outcome to a step, and a second connection from that outcome replaces the first', () => {
    const step = store().addNode('approval', { x: 0, y: 0 }, 'Manager');
    store().connect({ source: 'start', sourceHandle: 'out', target: step });
    store().connect({ source: step, sourceHandle: 'approved', target: 'done' });
    expect(graph().edges.map(({ source, sourceHandle, target }) => [source, sourceHandle, target])).toEqual([
      ['start', 'out', step],
      [step, 'approved', 'done'],
    ]);
    const other = store().addNode('end', { x: 300, y: 0 }, '');
    store().connect({ source: step, sourceHandle: 'approved', target: other });
    expect(
      graph()
        .edges.filter((edge) => edge.source === step)
        .map((edge) => edge.target),
    ).toEqual([other]);
  });

  it('lets a split lead several ways, but draws nothing into the start, out of an end or by a missing outcome', () => {
    const split = store().addNode('split', { x: 0, y: 0 }, '');
    const left = store().addNode('approval', { x: 0, y: 0 }, 'Left');
    const right = store().addNode('approval', { x: 0, y: 0 }, 'Right');
    store().connect({ source: split, sourceHandle: 'out', target: left });
    store().connect({ source: split, sourceHandle: 'out', target: right });
    expect(graph().edges.filter((edge) => edge.source === split)).toHaveLength(2);

    const before = graph().edges.length;
    store().connect({ source: left, sourceHandle: 'approved', target: 'start' });
    store().connect({ source: 'done', sourceHandle: 'out', target: left });
    store().connect({ source: left, sourceHandle: 'maybe', target: right });
    expect(graph().edges).toHaveLength(before);
  });

  it('deletes a node with its connections, and undo and redo bring both back and take them again', () => {
    const step = store().addNode('approval', { x: 0, y: 0 }, 'Manager');
    store().connect({ source: 'start', sourceHandle: 'out', target: step });
    store().connect({ source: step, sourceHandle: 'approved', target: 'done' });
    store().removeElements({ nodeIds: [step] });
    expect(graph().nodes.map((node) => node.id)).toEqual(['start', 'done']);
    expect(graph().edges).toEqual([]);
    expect(store().selection).toBeNull();

    store().undo();
    expect(graph().nodes.map((node) => node.id)).toContain(step);
    expect(graph().edges).toHaveLength(2);
    store().redo();
    expect(graph().nodes.map((node) => node.id)).not.toContain(step);
    expect(graph().edges).toEqual([]);
  });

  it('makes one undo step of a whole drag, and a new change clears what could be redone', () => {
    store().moveNode('done', { x: 10, y: 0 });
    store().moveNode('done', { x: 20, y: 0 });
    store().moveNode('done', { x: 30, y: 0 });
    expect(store().past).toHaveLength(1);
    store().undo();
    expect(graph().nodes[1]?.position).toEqual({ x: 0, y: 0 });
    expect(store().future).toHaveLength(1);
    store().edit((draft) => {
      draft.name = 'Purchases';
    });
    expect(store().future).toHaveLength(0);
  });

  it('lays the graph out from left to right along its connections, as one undo step', () => {
    const step = store().addNode('approval', { x: 0, y: 0 }, 'Manager');
    store().connect({ source: 'start', sourceHandle: 'out', target: step });
    store().connect({ source: step, sourceHandle: 'approved', target: 'done' });
    const steps = store().past.length;
    const x = (id: string) => graph().nodes.find((node) => node.id === id)?.position.x ?? Number.NaN;
    const xBefore = x(step);
    store().layout();
    expect(x('start')).toBeLessThan(x(step));
    expect(x(step)).toBeLessThan(x('done'));
    expect(store().past).toHaveLength(steps + 1);
    store().undo();
    expect(x(step)).toBe(xBefore);
  });
});
