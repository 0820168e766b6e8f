import { type InstanceResponse, outgoingHandles, type WorkflowNode } from '@formwerk/contracts';
import {
  type Edge,
  Handle,
  MarkerType,
  type Node,
  type NodeProps,
  type NodeTypes,
  Position,
  ReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { TFunction } from 'i18next';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { nodeSize, readableGraph } from '../utils/readable-graph';

type NodeState = InstanceResponse['nodeStates'][string];
const nodeStates = ['active', 'approved', 'rejected', 'passed', 'cancelled'] as const satisfies readonly NodeState[];

/** The sign beside each state's word, so that neither colour nor the sign alone carries it. */
const stateSigns: Record<NodeState | 'notReached', string> = {
  active: '●',
  approved: '✓',
  rejected: '✕',
  passed: '→',
  cancelled: '⊘',
  notReached: '○',
};

type StepNodeData = { node: WorkflowNode; state: NodeState | undefined; name: string; outcomes: string[] };
type StepNode = Node<StepNodeData, 'step'>;

/** A node's name: its label, or what it is when it has none (start, split, join, an end by its outcome). */
function nameOf(node: WorkflowNode, t: TFunction<'forms'>): string {
  if (node.type === 'end') return t(`submissionWorkflow.graph.ends.${node.outcome}`);
  if ('label' in node && node.label) return node.label;
  return t(`submissionWorkflow.graph.types.${node.type}`);
}

/** The name of a way out of a node: an approval's outcome, a condition's rule, "otherwise". */
function outcomeOf(node: WorkflowNode, handle: string, t: TFunction<'forms'>): string {
  if (node.type === 'approval') return t(`submissionWorkflow.graph.outcomes.${handle}`);
  if (node.type === 'condition') {
    return handle === 'default'
      ? t('submissionWorkflow.graph.outcomes.default')
      : (node.rules.find((rule) => rule.id === handle)?.label ?? handle);
  }
  return '';
}

/** One node: what it is, its name, where the approval stands there, and a handle for each way out. */
function StepNodeView({ data }: NodeProps<StepNode>) {
  const { t } = useTranslation('forms');
  const { node, state, name, outcomes } = data;
  const handles = outgoingHandles(node);
  return (
    <div className={`workflow-view-node workflow-view-node--${node.type} workflow-view-node--${state ?? 'notReached'}`}>
      {node.type === 'start' ? null : <Handle type="target" position={Position.Left} isConnectable={false} />}
      <span className="workflow-view-node__type">{t(`submissionWorkflow.graph.types.${node.type}`)}</span>
      <span className="workflow-view-node__name">{name}</span>
      <span className="workflow-view-node__state">
        <span aria-hidden="true">{stateSigns[state ?? 'notReached']}</span>{' '}
        {t(`submissionWorkflow.graph.states.${state ?? 'notReached'}`)}
      </span>
      {handles.map((handle, index) => (
        <Handle
          key={handle}
          id={handle}
          type="source"
          position={Position.Right}
          isConnectable={false}
          style={{ top: `${((index + 1) * 100) / (handles.length + 1)}%` }}
          title={outcomes[index]}
        />
      ))}
    </div>
  );
}

const nodeTypes: NodeTypes = { step: StepNodeView };

/**
 * The workflow as drawn in its editor, read-only, each node marked by where the approval stands there
 * (a word and a sign as well as a colour), with the legend below. A fixed picture: it neither pans nor
 * zooms, so that a phone scrolls the page, not the drawing.
 */
export function WorkflowGraphView({ instance }: { instance: InstanceResponse }) {
  const { t } = useTranslation('forms');
  const captionId = useId();
  const { nodes, edges } = useMemo(() => {
    const graph = readableGraph(instance.graph);
    const byId = new Map(graph.nodes.map((node) => [node.id, node]));
    const stepNodes: StepNode[] = graph.nodes.map((node) => {
      const state = instance.nodeStates[node.id];
      const name = nameOf(node, t);
      return {
        id: node.id,
        type: 'step',
        position: node.position,
        // Sizes before the browser measures, so that jsdom and the first paint draw the nodes too.
        initialWidth: nodeSize.width,
        initialHeight: nodeSize.height,
        data: { node, state, name, outcomes: outgoingHandles(node).map((handle) => outcomeOf(node, handle, t)) },
        ariaRole: 'group',
        ariaLabel: `${name}: ${t(`submissionWorkflow.graph.states.${state ?? 'notReached'}`)}`,
      };
    });
    const stepEdges: Edge[] = graph.edges.map((edge) => {
      const source = byId.get(edge.source);
      const target = byId.get(edge.target);
      const label = source ? outcomeOf(source, edge.sourceHandle, t) : '';
      const isTaken = Boolean(instance.nodeStates[edge.target] && instance.nodeStates[edge.source]);
      return {
        id: edge.id,
        source: edge.source,
        sourceHandle: edge.sourceHandle,
        target: edge.target,
        type: 'smoothstep',
        label: label || undefined,
        className: isTaken ? 'workflow-view-edge--taken' : undefined,
        markerEnd: { type: MarkerType.ArrowClosed },
        ariaLabel: t('submissionWorkflow.graph.edge', {
          from: source ? nameOf(source, t) : edge.source,
          to: target ? nameOf(target, t) : edge.target,
        }),
      };
    });
    return { nodes: stepNodes, edges: stepEdges };
  }, [instance, t]);

  return (
    <figure className="workflow-view">
      <figcaption id={captionId} className="ui-hint">
        {t('submissionWorkflow.graph.caption')}
      </figcaption>
      <div className="workflow-view__canvas">
        <ReactFlow
          aria-labelledby={captionId}
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          fitView
          minZoom={0.2}
          nodesDraggable={false}
          nodesConnectable={false}
          nodesFocusable={false}
          edgesFocusable={false}
          elementsSelectable={false}
          panOnDrag={false}
          zoomOnScroll={false}
          zoomOnPinch={false}
          zoomOnDoubleClick={false}
          preventScrolling={false}
          disableKeyboardA11y
        />
      </div>
      <ul className="workflow-view__legend" aria-label={t('submissionWorkflow.graph.legend')}>
        {[...nodeStates, 'notReached' as const].map((state) => (
          <li key={state}>
            <span className={`workflow-view__swatch workflow-view-node--${state}`} aria-hidden="true">
              {stateSigns[state]}
            </span>
            {t(`submissionWorkflow.graph.states.${state}`)}
          </li>
        ))}
      </ul>
    </figure>
  );
}
