import { outgoingHandles, type WorkflowNode, type WorkflowNodeType } from '@formwerk/contracts';
import { Icon, type IconComponent } from '@formwerk/ui';
import { Handle, type Node, type NodeProps, type NodeTypes, Position, useUpdateNodeInternals } from '@xyflow/react';
import { Flag, GitBranch, Mail, Merge, Play, Split, UserCheck } from 'lucide-react';
import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { nodeName, outcomeName } from '../utils/describe';
import { hasLabel } from '../utils/graph-edits';

/** What the canvas hands each node: the node of the graph and its problems in words. */
export type CanvasNodeData = { node: WorkflowNode; problems: string[] };
export type CanvasNode = Node<CanvasNodeData, WorkflowNodeType>;

export const nodeIcons: Record<WorkflowNodeType, IconComponent> = {
  start: Play,
  approval: UserCheck,
  condition: GitBranch,
  notify: Mail,
  split: Split,
  join: Merge,
  end: Flag,
};

/** The element that describes a node's problems to screen readers (the node's aria-describedby). */
export const problemsElementId = (nodeId: string) => `workflow-node-problems-${nodeId}`;

type NodeFrameProps = NodeProps<CanvasNode> & { summary?: string };

/**
 * The box every node type draws: its type and name, a line of what it does, its problems, and a labelled
 * handle for every way out ("Freigegeben", "Abgelehnt", a rule, "Sonst"), so a way is drawn from the
 * outcome it stands for.
 */
function NodeFrame({ id, data, selected, summary }: NodeFrameProps) {
  const { t } = useTranslation('approvals');
  const { node, problems } = data;
  const handles = outgoingHandles(node);
  const updateNodeInternals = useUpdateNodeInternals();
  const handleOrder = handles.join('|');

  // Reordered rules move their handles without changing the node's size, which is all the canvas
  // watches: it is told, so that edges leave from where their handle now is. (A new node is measured
  // anyway, so only a change after the first drawing counts.)
  const drawnOrder = useRef(handleOrder);
  useEffect(() => {
    if (drawnOrder.current === handleOrder) return;
    drawnOrder.current = handleOrder;
    updateNodeInternals(id);
  }, [handleOrder, id, updateNodeInternals]);

  const className = [
    'workflow-node',
    `workflow-node--${node.type}`,
    problems.length > 0 && 'workflow-node--problem',
    selected && 'workflow-node--selected',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      {node.type === 'start' ? null : <Handle type="target" position={Position.Left} className="workflow-node__in" />}
      <div className="workflow-node__header">
        <Icon icon={nodeIcons[node.type]} size={16} />
        <span className="workflow-node__type">{t(`workflows.types.${node.type}`)}</span>
        {problems.length > 0 ? (
          <span className="workflow-node__marker">
            {t('workflows.canvas.problemCount', { count: problems.length })}
          </span>
        ) : null}
      </div>
      {hasLabel(node) || node.type === 'end' ? <p className="workflow-node__label">{nodeName(node, t)}</p> : null}
      {summary ? <p className="workflow-node__summary">{summary}</p> : null}
      {problems.length > 0 ? (
        <div id={problemsElementId(id)} hidden>
          {problems.join(' ')}
        </div>
      ) : null}
      {handles.length > 0 ? (
        <ul className="workflow-node__outcomes">
          {handles.map((handle) => (
            <li key={handle} className={`workflow-node__outcome workflow-node__outcome--${handle}`}>
              {outcomeName(node, handle, t)}
              <Handle type="source" id={handle} position={Position.Right} className="workflow-node__out" />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const StartNode = memo(function StartNode(props: NodeProps<CanvasNode>) {
  const { t } = useTranslation('approvals');
  return <NodeFrame {...props} summary={t('workflows.node.start')} />;
});

const ApprovalNode = memo(function ApprovalNode(props: NodeProps<CanvasNode>) {
  const { t } = useTranslation('approvals');
  const { node } = props.data;
  if (node.type !== 'approval') return null;
  const summary = [
    t('workflows.node.assignees', { count: node.assignees.length }),
    node.mode === 'pool' ? t('workflows.approval.modes.pool') : t(`workflows.approval.rules.${node.rule.kind}`),
  ].join(' · ');
  return <NodeFrame {...props} summary={summary} />;
});

const ConditionNode = memo(function ConditionNode(props: NodeProps<CanvasNode>) {
  const { t } = useTranslation('approvals');
  const { node } = props.data;
  if (node.type !== 'condition') return null;
  return <NodeFrame {...props} summary={t('workflows.node.rules', { count: node.rules.length })} />;
});

const NotifyNode = memo(function NotifyNode(props: NodeProps<CanvasNode>) {
  const { t } = useTranslation('approvals');
  const { node } = props.data;
  if (node.type !== 'notify') return null;
  return <NodeFrame {...props} summary={t('workflows.node.recipients', { count: node.recipients.length })} />;
});

const SplitNode = memo(function SplitNode(props: NodeProps<CanvasNode>) {
  const { t } = useTranslation('approvals');
  return <NodeFrame {...props} summary={t('workflows.node.split')} />;
});

const JoinNode = memo(function JoinNode(props: NodeProps<CanvasNode>) {
  const { t } = useTranslation('approvals');
  return <NodeFrame {...props} summary={t('workflows.node.join')} />;
});

const EndNode = memo(function EndNode(props: NodeProps<CanvasNode>) {
  return <NodeFrame {...props} />;
});

/** Made once: a new object on each render would make the canvas mount every node again. */
export const canvasNodeTypes: NodeTypes = {
  start: StartNode,
  approval: ApprovalNode,
  condition: ConditionNode,
  notify: NotifyNode,
  split: SplitNode,
  join: JoinNode,
  end: EndNode,
};
