import { outgoingHandles, type WorkflowNode } from '@formwerk/contracts';
import { Button } from '@formwerk/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HiddenSuffix } from '../../../components/workflow-hidden-suffix';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';
import { nodeName, outcomeName } from '../utils/describe';
import { edgesFrom } from '../utils/graph-edits';

/** The split's ways: each where it leads, removable, and one more to add. */
function SplitWays({ node, targets }: { node: WorkflowNode; targets: WorkflowNode[] }) {
  const { t } = useTranslation('approvals');
  const graph = useWorkflowEditorStore((state) => state.draft?.graph);
  const { connect, removeElements } = useWorkflowEditorStore.getState();
  const [chosen, setChosen] = useState('');
  const selectId = useId();
  if (!graph) return null;
  const ways = edgesFrom(graph, node.id, 'out');
  const nameOf = (nodeId: string) => {
    const target = graph.nodes.find((candidate) => candidate.id === nodeId);
    return target ? nodeName(target, t) : nodeId;
  };
  return (
    <>
      <ul className="workflow-inspector-list">
        {ways.map((way) => (
          <li key={way.id}>
            <span>{t('workflows.connections.leadsTo', { target: nameOf(way.target) })}</span>
            <Button variant="ghost" className="ui-button--small" onClick={() => removeElements({ edgeIds: [way.id] })}>
              {t('workflows.remove')}
              <HiddenSuffix text={t('workflows.connections.leadsTo', { target: nameOf(way.target) })} />
            </Button>
          </li>
        ))}
      </ul>
      <div className="workflow-add-row">
        <div className="ui-field">
          <label htmlFor={selectId}>{t('workflows.connections.addWay')}</label>
          <select id={selectId} value={chosen} onChange={(event) => setChosen(event.target.value)}>
            <option value="">{t('workflows.connections.chooseStep')}</option>
            {targets
              .filter((target) => !ways.some((way) => way.target === target.id))
              .map((target) => (
                <option key={target.id} value={target.id}>
                  {nodeName(target, t)}
                </option>
              ))}
          </select>
        </div>
        <Button
          variant="secondary"
          disabled={!chosen}
          onClick={() => {
            connect({ source: node.id, sourceHandle: 'out', target: chosen });
            setChosen('');
          }}
        >
          {t('workflows.add')}
        </Button>
      </div>
    </>
  );
}

/**
 * Where each way out of the node leads, chosen from a list: the keyboard's way to connect what the
 * canvas connects by dragging from a handle.
 */
export function NodeConnections({ node }: { node: WorkflowNode }) {
  const { t } = useTranslation('approvals');
  const graph = useWorkflowEditorStore((state) => state.draft?.graph);
  const { connect, removeElements } = useWorkflowEditorStore.getState();
  const baseId = useId();
  const handles = outgoingHandles(node);
  if (!graph || handles.length === 0) return null;
  const targets = graph.nodes.filter((candidate) => candidate.id !== node.id && candidate.type !== 'start');

  return (
    <fieldset className="ui-fieldset">
      <legend>{t('workflows.connections.title')}</legend>
      {node.type === 'split' ? (
        <SplitWays node={node} targets={targets} />
      ) : (
        handles.map((handle) => {
          const [edge] = edgesFrom(graph, node.id, handle);
          const id = `${baseId}-${handle}`;
          return (
            <div key={handle} className="ui-field">
              <label htmlFor={id}>{t('workflows.connections.wayTo', { outcome: outcomeName(node, handle, t) })}</label>
              <select
                id={id}
                value={edge?.target ?? ''}
                onChange={(event) => {
                  const target = event.target.value;
                  if (target) connect({ source: node.id, sourceHandle: handle, target });
                  else removeElements({ edgeIds: edgesFrom(graph, node.id, handle).map((leaving) => leaving.id) });
                }}
              >
                <option value="">{t('workflows.connections.none')}</option>
                {targets.map((target) => (
                  <option key={target.id} value={target.id}>
                    {nodeName(target, t)}
                  </option>
                ))}
              </select>
            </div>
          );
        })
      )}
    </fieldset>
  );
}
