import type { WorkflowEdge, WorkflowNode, WorkflowNodeType } from '@formwerk/contracts';
import {
  type AriaLabelConfig,
  Background,
  type Connection,
  Controls,
  type Edge,
  type EdgeChange,
  MarkerType,
  type NodeChange,
  ReactFlow,
  useReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { type DragEvent, type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';
import { describeProblem, nodeName, outcomeName } from '../utils/describe';
import { selectFields, selectProblems } from '../utils/editor-derivations';
import { canConnect, estimateNodeSize, type NodeSize, nodeWidth } from '../utils/graph-edits';
import { type CanvasNode, canvasNodeTypes, problemsElementId } from './workflow-nodes';

/** The canvas's id: xyflow names its description elements after it. */
export const canvasId = 'workflow-canvas';
const nodeDescriptionId = `react-flow__node-desc-${canvasId}`;

/** What the palette puts into a drag, for a drop on the canvas. */
export const paletteDragType = 'application/x-formwerk-workflow-node';

const noProblems: string[] = [];
const deleteKeys = ['Delete', 'Backspace'];
const fitViewOptions = { maxZoom: 1 };

type CanvasProps = {
  onAddAt: (type: WorkflowNodeType, position: { x: number; y: number }) => void;
  /** Enter on the selected node: its settings are what the author wants next. */
  onOpenInspector: () => void;
  measured: Record<string, NodeSize>;
  onMeasured: (sizes: Record<string, NodeSize>) => void;
};

/**
 * The graph, drawn with xyflow: nodes are dragged, connected from a handle, selected by click or by
 * Tab and Enter, removed with Delete. The graph stays in the store; the canvas turns each node into
 * xyflow's form and keeps that object while nothing about the node changed, so a change redraws only
 * the nodes it touched, whatever the size of the workflow.
 */
export function WorkflowCanvas({ onAddAt, onOpenInspector, measured, onMeasured }: CanvasProps) {
  const { t, i18n } = useTranslation('approvals');
  const graph = useWorkflowEditorStore((state) => state.draft?.graph);
  const selection = useWorkflowEditorStore((state) => state.selection);
  const problems = useWorkflowEditorStore(selectProblems);
  const fields = useWorkflowEditorStore(selectFields);
  const { select, moveNode, connect, removeElements } = useWorkflowEditorStore.getState();
  const { screenToFlowPosition } = useReactFlow();
  const nodeCache = useRef(new WeakMap<WorkflowNode, { key: string; node: CanvasNode }>());
  const edgeCache = useRef(new WeakMap<WorkflowEdge, { key: string; edge: Edge }>());
  const [isDropTarget, setIsDropTarget] = useState(false);

  const problemsByElement = useMemo(() => {
    const byElement = new Map<string, string[]>();
    if (!graph) return byElement;
    for (const problem of problems) {
      const text = describeProblem(problem, { graph, fields }, t);
      for (const elementId of [problem.nodeId, problem.edgeId]) {
        if (elementId) byElement.set(elementId, [...(byElement.get(elementId) ?? []), text]);
      }
    }
    return byElement;
  }, [problems, graph, fields, t]);

  const nodes = useMemo(
    () =>
      (graph?.nodes ?? []).map((node): CanvasNode => {
        const nodeProblems = problemsByElement.get(node.id) ?? noProblems;
        const isSelected = selection?.kind === 'node' && selection.id === node.id;
        const size = measured[node.id];
        const key = [i18n.language, isSelected, size?.width, size?.height, ...nodeProblems].join('\n');
        const cached = nodeCache.current.get(node);
        if (cached?.key === key) return cached.node;
        const estimated = estimateNodeSize(node);
        const typeName = t(`workflows.types.${node.type}`);
        const name = nodeName(node, t);
        const canvasNode: CanvasNode = {
          id: node.id,
          type: node.type,
          position: node.position,
          data: { node, problems: nodeProblems },
          selected: isSelected,
          initialWidth: estimated.width,
          initialHeight: estimated.height,
          ...(size ? { measured: size } : {}),
          ariaLabel: name === typeName ? typeName : `${typeName}: ${name}`,
          domAttributes: {
            'aria-describedby': [nodeProblems.length > 0 && problemsElementId(node.id), nodeDescriptionId]
              .filter(Boolean)
              .join(' '),
          },
        };
        nodeCache.current.set(node, { key, node: canvasNode });
        return canvasNode;
      }),
    [graph, problemsByElement, selection, measured, t, i18n.language],
  );

  const edges = useMemo(() => {
    const nodesById = new Map((graph?.nodes ?? []).map((node) => [node.id, node]));
    return (graph?.edges ?? []).map((edge): Edge => {
      const source = nodesById.get(edge.source);
      const target = nodesById.get(edge.target);
      const edgeProblems = problemsByElement.get(edge.id) ?? noProblems;
      const isSelected = selection?.kind === 'edge' && selection.id === edge.id;
      const label = t('workflows.canvas.edge', {
        source: source ? nodeName(source, t) : edge.source,
        outcome: source ? outcomeName(source, edge.sourceHandle, t) : edge.sourceHandle,
        target: target ? nodeName(target, t) : edge.target,
      });
      const key = [isSelected, label, ...edgeProblems].join('\n');
      const cached = edgeCache.current.get(edge);
      if (cached?.key === key) return cached.edge;
      const canvasEdge: Edge = {
        id: edge.id,
        source: edge.source,
        sourceHandle: edge.sourceHandle,
        target: edge.target,
        selected: isSelected,
        type: 'smoothstep',
        markerEnd: { type: MarkerType.ArrowClosed },
        ariaLabel: [label, ...edgeProblems].join(' '),
        className: [
          `workflow-edge--${edge.sourceHandle === 'rejected' ? 'rejected' : 'way'}`,
          edgeProblems.length > 0 && 'workflow-edge--problem',
        ]
          .filter(Boolean)
          .join(' '),
      };
      edgeCache.current.set(edge, { key, edge: canvasEdge });
      return canvasEdge;
    });
  }, [graph, problemsByElement, selection, t]);

  const ariaLabelConfig = useMemo<Partial<AriaLabelConfig>>(
    () => ({
      'node.a11yDescription.default': t('workflows.canvas.a11y.node'),
      'node.a11yDescription.keyboardDisabled': t('workflows.canvas.a11y.node'),
      'node.a11yDescription.ariaLiveMessage': ({ direction }) =>
        t('workflows.canvas.a11y.moved', { direction: t(`workflows.canvas.a11y.directions.${direction}`) }),
      'edge.a11yDescription.default': t('workflows.canvas.a11y.edge'),
      'controls.ariaLabel': t('workflows.canvas.a11y.controls'),
      'controls.zoomIn.ariaLabel': t('workflows.canvas.a11y.zoomIn'),
      'controls.zoomOut.ariaLabel': t('workflows.canvas.a11y.zoomOut'),
      'controls.fitView.ariaLabel': t('workflows.canvas.a11y.fitView'),
      'handle.ariaLabel': t('workflows.canvas.a11y.handle'),
    }),
    [t],
  );

  if (!graph) return null;

  const onNodesChange = (changes: NodeChange<CanvasNode>[]) => {
    const sizes: Record<string, NodeSize> = {};
    for (const change of changes) {
      if (change.type === 'dimensions' && change.dimensions) sizes[change.id] = change.dimensions;
      else if (change.type === 'position' && change.position) moveNode(change.id, change.position);
      else if (change.type === 'select') onSelectChange('node', change.id, change.selected);
    }
    if (Object.keys(sizes).length > 0) onMeasured(sizes);
  };

  const onEdgesChange = (changes: EdgeChange[]) => {
    for (const change of changes) if (change.type === 'select') onSelectChange('edge', change.id, change.selected);
  };

  // xyflow reports a new selection as changes to each element; only one element is ever selected here.
  const onSelectChange = (kind: 'node' | 'edge', id: string, isSelected: boolean) => {
    const current = useWorkflowEditorStore.getState().selection;
    if (isSelected) select({ kind, id });
    else if (current?.kind === kind && current.id === id) select(null);
  };

  const onConnect = ({ source, sourceHandle, target }: Connection) => {
    if (sourceHandle) connect({ source, sourceHandle, target });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const nodeElement = (event.target as HTMLElement).closest<HTMLElement>('.react-flow__node');
    const current = useWorkflowEditorStore.getState().selection;
    if (event.key === 'Enter' && nodeElement && current?.kind === 'node' && current.id === nodeElement.dataset.id) {
      event.preventDefault();
      onOpenInspector();
    }
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes(paletteDragType)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setIsDropTarget(true);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    setIsDropTarget(false);
    const type = event.dataTransfer.getData(paletteDragType) as WorkflowNodeType;
    if (!type) return;
    event.preventDefault();
    const point = screenToFlowPosition({ x: event.clientX, y: event.clientY });
    // The pointer holds the node by its header, as it would pick one up.
    onAddAt(type, { x: point.x - nodeWidth / 2, y: point.y - 20 });
  };

  return (
    <section
      className={`workflow-canvas${isDropTarget ? ' workflow-canvas--drop' : ''}`}
      aria-labelledby="workflow-canvas-title"
      onKeyDown={onKeyDown}
    >
      <h2 id="workflow-canvas-title" className="ui-visually-hidden">
        {t('workflows.canvas.title')}
      </h2>
      <ReactFlow<CanvasNode>
        id={canvasId}
        nodes={nodes}
        edges={edges}
        nodeTypes={canvasNodeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        isValidConnection={(connection) =>
          Boolean(connection.sourceHandle) &&
          canConnect(graph, {
            source: connection.source,
            sourceHandle: connection.sourceHandle ?? '',
            target: connection.target,
          })
        }
        onDelete={({ nodes: removedNodes, edges: removedEdges }) =>
          removeElements({
            nodeIds: removedNodes.map((node) => node.id),
            edgeIds: removedEdges.map((edge) => edge.id),
          })
        }
        onDragOver={onDragOver}
        onDragLeave={() => setIsDropTarget(false)}
        onDrop={onDrop}
        deleteKeyCode={deleteKeys}
        multiSelectionKeyCode={null}
        selectionKeyCode={null}
        fitView
        fitViewOptions={fitViewOptions}
        minZoom={0.2}
        ariaLabelConfig={ariaLabelConfig}
      >
        <Background gap={24} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </section>
  );
}
