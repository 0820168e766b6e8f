import { describe, expect, it } from 'vitest';
import type { FormDefinition } from './form-definition.contract';
import { type WorkflowGraphInput, type WorkflowNode, workflowGraphSchema } from './workflow-graph.contract';
import { validateWorkflowGraph } from './workflow-validation';

const at = { x: 0, y: 0 };
const alice = { kind: 'user', userId: 'aaaaaaaaaaaaaaaaaaaaaaaa' } as const;
const step = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'approval' as const,
  position: at,
  label: id,
  assignees: [alice],
  ...extra,
});
const end = (id: string, outcome: 'approved' | 'rejected') => ({ id, type: 'end' as const, position: at, outcome });
const edge = (source: string, sourceHandle: string, target: string) => ({
  id: `${source}-${sourceHandle}-${target}`,
  source,
  sourceHandle,
  target,
});
const graphOf = (nodes: WorkflowGraphInput['nodes'], edges: WorkflowGraphInput['edges'], screens = []) =>
  workflowGraphSchema.parse({ nodes, edges, screens });
const codes = (graph: ReturnType<typeof graphOf>, form?: FormDefinition) =>
  validateWorkflowGraph(graph, form).map((problem) => `${problem.code}${problem.nodeId ? `@${problem.nodeId}` : ''}`);

const oneStep = () =>
  graphOf(
    [{ id: 'start', type: 'start', position: at }, step('boss'), end('yes', 'approved'), end('no', 'rejected')],
    [edge('start', 'out', 'boss'), edge('boss', 'approved', 'yes'), edge('boss', 'rejected', 'no')],
  );

const form = {
  pages: [
    {
      id: 'p1',
      title: '',
      fields: [
        { id: 'amount', type: 'number', label: 'Amount', required: false },
        { id: 'mail', type: 'email', label: 'E-mail', required: false },
        { id: 'until', type: 'date', label: 'Until', required: false },
      ],
    },
  ],
} as unknown as FormDefinition;

describe('validating a workflow graph', () => {
  it('finds nothing wrong with start → one step → an end for each outcome', () => {
    expect(codes(oneStep())).toEqual([]);
  });

  it('names an outcome that leads nowhere, a step without assignees and a node no way reaches', () => {
    const graph = graphOf(
      [
        { id: 'start', type: 'start', position: at },
        step('boss', { assignees: [] }),
        end('yes', 'approved'),
        end('lost', 'rejected'),
      ],
      [edge('start', 'out', 'boss'), edge('boss', 'approved', 'yes')],
    );
    expect(codes(graph)).toEqual(['UNCONNECTED_OUTCOME@boss', 'STEP_WITHOUT_ASSIGNEES@boss', 'UNREACHABLE_NODE@lost']);
  });

  it('wants exactly one start and at least one end', () => {
    const graph = graphOf(
      [
        { id: 'a', type: 'start', position: at },
        { id: 'b', type: 'start', position: at },
      ],
      [],
    );
    expect(codes(graph)).toEqual([
      'SEVERAL_STARTS@b',
      'NO_END',
      'UNCONNECTED_OUTCOME@a',
      'UNCONNECTED_OUTCOME@b',
      'UNREACHABLE_NODE@b',
    ]);
  });

  it('refuses an edge by a handle the node does not have, and two edges from one outcome', () => {
    const graph = oneStep();
    graph.edges.push(edge('boss', 'maybe', 'yes'), edge('boss', 'approved', 'no'));
    expect(codes(graph)).toEqual(['BROKEN_EDGE', 'DUPLICATE_OUTCOME@boss']);
  });

  it('refuses a way back to an earlier node', () => {
    const graph = graphOf(
      [{ id: 'start', type: 'start', position: at }, step('one'), step('two'), end('yes', 'approved')],
      [
        edge('start', 'out', 'one'),
        edge('one', 'approved', 'two'),
        edge('one', 'rejected', 'yes'),
        edge('two', 'approved', 'yes'),
        edge('two', 'rejected', 'one'),
      ],
    );
    expect(codes(graph)).toEqual(['CYCLE@one']);
  });

  it('wants a default way out of a condition', () => {
    const condition: WorkflowNode = {
      id: 'big',
      type: 'condition',
      position: at,
      label: 'Big?',
      rules: [
        {
          id: 'over',
          label: 'Over 1000',
          combinator: 'and',
          conditions: [{ source: 'answer', fieldId: 'amount', operator: 'greaterThan', value: 1000 }],
        },
      ],
    };
    const graph = graphOf(
      [{ id: 'start', type: 'start', position: at }, condition, end('yes', 'approved')],
      [edge('start', 'out', 'big'), edge('big', 'over', 'yes')],
    );
    expect(codes(graph)).toEqual(['UNCONNECTED_OUTCOME@big', 'CONDITION_WITHOUT_DEFAULT@big']);
    graph.edges.push(edge('big', 'default', 'yes'));
    expect(codes(graph, form)).toEqual([]);
  });

  it('pairs a split with one join, and refuses a join no split opens', () => {
    const parallel = graphOf(
      [
        { id: 'start', type: 'start', position: at },
        { id: 'fork', type: 'split', position: at },
        step('left'),
        step('right'),
        { id: 'meet', type: 'join', position: at },
        end('yes', 'approved'),
        end('no', 'rejected'),
      ],
      [
        edge('start', 'out', 'fork'),
        edge('fork', 'out', 'left'),
        edge('fork', 'out', 'right'),
        edge('left', 'approved', 'meet'),
        edge('left', 'rejected', 'no'),
        edge('right', 'approved', 'meet'),
        edge('right', 'rejected', 'no'),
        edge('meet', 'out', 'yes'),
      ],
    );
    expect(codes(parallel)).toEqual([]);

    const joinAlone = graphOf(
      [
        { id: 'start', type: 'start', position: at },
        { id: 'meet', type: 'join', position: at },
        end('yes', 'approved'),
      ],
      [edge('start', 'out', 'meet'), edge('meet', 'out', 'yes')],
    );
    expect(codes(joinAlone)).toEqual(['JOIN_WITHOUT_SPLIT@meet']);
  });

  it('names a split whose ways meet at different joins, and a split with one way', () => {
    const graph = graphOf(
      [
        { id: 'start', type: 'start', position: at },
        { id: 'fork', type: 'split', position: at },
        { id: 'meetA', type: 'join', position: at },
        { id: 'meetB', type: 'join', position: at },
        end('yes', 'approved'),
      ],
      [
        edge('start', 'out', 'fork'),
        edge('fork', 'out', 'meetA'),
        edge('fork', 'out', 'meetB'),
        edge('meetA', 'out', 'yes'),
        edge('meetB', 'out', 'yes'),
      ],
    );
    expect(codes(graph)).toEqual(['SPLIT_WITHOUT_JOIN@fork', 'JOIN_WITHOUT_SPLIT@meetA', 'JOIN_WITHOUT_SPLIT@meetB']);
  });

  it('with the form, names fields that are gone or of the wrong kind, and screens that do not exist', () => {
    const graph = graphOf(
      [
        { id: 'start', type: 'start', position: at },
        step('boss', {
          assignees: [{ kind: 'answer', fieldId: 'amount' }],
          screenId: 'nope',
          deadline: { due: { kind: 'dateField', fieldId: 'gone' } },
        }),
        end('yes', 'approved'),
        end('no', 'rejected'),
      ],
      [edge('start', 'out', 'boss'), edge('boss', 'approved', 'yes'), edge('boss', 'rejected', 'no')],
    );
    expect(validateWorkflowGraph(graph, form)).toEqual([
      { code: 'FIELD_WRONG_TYPE', nodeId: 'boss', ref: 'amount' },
      { code: 'SCREEN_MISSING', nodeId: 'boss', ref: 'nope' },
      { code: 'FIELD_MISSING', nodeId: 'boss', ref: 'gone' },
    ]);
    // Without the form, field references are not judged.
    expect(codes(graph)).toEqual(['SCREEN_MISSING@boss']);
  });

  it('lets a condition read only the decisions of steps before it', () => {
    const graph = graphOf(
      [
        { id: 'start', type: 'start', position: at },
        step('boss'),
        {
          id: 'check',
          type: 'condition',
          position: at,
          label: 'Check',
          rules: [
            {
              id: 'r1',
              label: 'Boss said yes',
              combinator: 'and',
              conditions: [
                { source: 'decision', fieldId: 'boss', operator: 'equals', value: 'approved' },
                { source: 'decision', fieldId: 'later', operator: 'equals', value: 'approved' },
              ],
            },
          ],
        },
        step('later'),
        end('yes', 'approved'),
        end('no', 'rejected'),
      ],
      [
        edge('start', 'out', 'boss'),
        edge('boss', 'approved', 'check'),
        edge('boss', 'rejected', 'no'),
        edge('check', 'r1', 'later'),
        edge('check', 'default', 'no'),
        edge('later', 'approved', 'yes'),
        edge('later', 'rejected', 'no'),
      ],
    );
    expect(codes(graph)).toEqual(['DECISION_NOT_BEFORE@check']);
  });

  it('names a screen field that no longer exists in the form', () => {
    const graph = oneStep();
    graph.screens.push({ id: 's1', name: 'Check', fields: { amount: 'editable', gone: 'hidden' }, extraFields: [] });
    expect(validateWorkflowGraph(graph, form)).toEqual([{ code: 'FIELD_MISSING', ref: 's1:gone' }]);
  });
});
