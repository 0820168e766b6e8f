import type { WorkflowEdge, WorkflowGraph, WorkflowNode } from '@formwerk/contracts';
import { Button, Icon } from '@formwerk/ui';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { HiddenSuffix } from '../../../components/workflow-hidden-suffix';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';
import { nodeName, outcomeName } from '../utils/describe';
import { ApprovalSettings } from './approval-settings';
import { AssigneeList } from './assignee-picker';
import { ConditionSettings } from './condition-settings';
import { NodeConnections } from './node-connections';
import { ChoiceSetting, TextSetting } from './setting-inputs';
import { nodeIcons } from './workflow-nodes';
import { WorkflowSettings } from './workflow-settings';

/** The inspector's element, which the phone bar's button opens. */
export const inspectorSheetId = 'workflow-inspector';
/** Its heading, where focus goes when the author asks for the settings of a node. */
export const inspectorTitleId = 'workflow-inspector-title';

/** The settings only some types have; start, split and join are explained instead. */
function TypeSettings({ node }: { node: WorkflowNode }) {
  const { t } = useTranslation('approvals');
  const editNode = useWorkflowEditorStore((state) => state.editNode);
  switch (node.type) {
    case 'approval':
      return <ApprovalSettings node={node} />;
    case 'condition':
      return <ConditionSettings node={node} />;
    case 'notify':
      return (
        <>
          <TextSetting
            id="workflow-inspector-label"
            label={t('workflows.inspector.label')}
            value={node.label}
            maxLength={120}
            onChange={(label) =>
              editNode(
                node.id,
                'notify',
                (draft) => {
                  draft.label = label;
                },
                `${node.id}:label`,
              )
            }
          />
          <AssigneeList
            legend={t('workflows.notify.recipients')}
            assignees={node.recipients}
            onChange={(recipients) =>
              editNode(node.id, 'notify', (draft) => {
                draft.recipients = recipients;
              })
            }
          />
          <TextSetting
            label={t('workflows.notify.message')}
            value={node.message}
            isMultiline
            maxLength={2000}
            hint={t('workflows.notify.messageHint')}
            onChange={(message) =>
              editNode(
                node.id,
                'notify',
                (draft) => {
                  draft.message = message;
                },
                `${node.id}:message`,
              )
            }
          />
        </>
      );
    case 'end':
      return (
        <ChoiceSetting
          legend={t('workflows.end.outcome')}
          value={node.outcome}
          options={[
            { value: 'approved', label: t('workflows.end.approved') },
            { value: 'rejected', label: t('workflows.end.rejected') },
          ]}
          onChange={(outcome) =>
            editNode(node.id, 'end', (draft) => {
              draft.outcome = outcome;
            })
          }
        />
      );
    default:
      return <p className="ui-hint">{t(`workflows.explanations.${node.type}`)}</p>;
  }
}

function NodeInspector({ node }: { node: WorkflowNode }) {
  const { t } = useTranslation('approvals');
  const removeElements = useWorkflowEditorStore((state) => state.removeElements);
  return (
    <>
      <h3 className="ui-panel__type">
        <Icon icon={nodeIcons[node.type]} />
        {t(`workflows.types.${node.type}`)}
      </h3>
      <TypeSettings node={node} />
      <NodeConnections node={node} />
      <Button variant="secondary" className="ui-button--danger" onClick={() => removeElements({ nodeIds: [node.id] })}>
        {t('workflows.inspector.deleteNode')}
        <HiddenSuffix text={nodeName(node, t)} />
      </Button>
    </>
  );
}

function EdgeInspector({ edge, graph }: { edge: WorkflowEdge; graph: WorkflowGraph }) {
  const { t } = useTranslation('approvals');
  const removeElements = useWorkflowEditorStore((state) => state.removeElements);
  const source = graph.nodes.find((node) => node.id === edge.source);
  const target = graph.nodes.find((node) => node.id === edge.target);
  return (
    <>
      <h3>{t('workflows.inspector.edge')}</h3>
      <p>
        {t('workflows.canvas.edge', {
          source: source ? nodeName(source, t) : edge.source,
          outcome: source ? outcomeName(source, edge.sourceHandle, t) : edge.sourceHandle,
          target: target ? nodeName(target, t) : edge.target,
        })}
      </p>
      <Button variant="secondary" className="ui-button--danger" onClick={() => removeElements({ edgeIds: [edge.id] })}>
        {t('workflows.inspector.deleteEdge')}
      </Button>
    </>
  );
}

/**
 * The settings of what is selected: a node, a connection, or else the workflow. Beside the canvas on a
 * desktop; on a phone a sheet at the bottom of the screen that the phone bar opens and "Fertig" closes.
 */
export function Inspector({
  isOpen,
  sheet,
  onDone,
}: {
  isOpen: boolean;
  sheet: RefObject<HTMLElement | null>;
  onDone: () => void;
}) {
  const { t } = useTranslation('approvals');
  const graph = useWorkflowEditorStore((state) => state.draft?.graph);
  const selection = useWorkflowEditorStore((state) => state.selection);
  if (!graph) return null;
  const node = selection?.kind === 'node' ? graph.nodes.find((candidate) => candidate.id === selection.id) : undefined;
  const edge = selection?.kind === 'edge' ? graph.edges.find((candidate) => candidate.id === selection.id) : undefined;
  return (
    <aside
      ref={sheet}
      id={inspectorSheetId}
      className="ui-panel ui-panel--sheet workflow-inspector"
      aria-labelledby={inspectorTitleId}
      data-open={isOpen || undefined}
    >
      <div className="ui-panel__header">
        <h2 id={inspectorTitleId} tabIndex={-1}>
          {t('workflows.inspector.title')}
        </h2>
        <button type="button" className="ui-button ui-button--secondary ui-panel__done" onClick={onDone}>
          {t('workflows.done')}
        </button>
      </div>
      {node ? <NodeInspector key={node.id} node={node} /> : null}
      {edge ? <EdgeInspector edge={edge} graph={graph} /> : null}
      {!node && !edge ? <WorkflowSettings /> : null}
    </aside>
  );
}
