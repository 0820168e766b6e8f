import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import '../../../components/workflow-pages.css';
import { useEditorShortcuts } from '../hooks/use-editor-shortcuts';
import { useOpenWorkflow } from '../hooks/use-open-workflow';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';
import type { NodeSize } from '../utils/graph-edits';
import { EditorNotices } from './editor-notices';
import { EditorToolbar } from './editor-toolbar';
import { EditorWorkspace } from './editor-workspace';
import './workflow-editor.css';
import { WorkflowLoadState } from './workflow-load-state';

/** The editor once the workflow is there; inside the canvas's provider, which the toolbar's layout uses too. */
function WorkflowEditor() {
  const { fitView } = useReactFlow();
  // Sizes as drawn, kept beside the graph (not in it: they are no edit and no undo step).
  const [measured, setMeasured] = useState<Record<string, NodeSize>>({});
  const onMeasured = useCallback(
    (sizes: Record<string, NodeSize>) => setMeasured((current) => ({ ...current, ...sizes })),
    [],
  );
  useEditorShortcuts();

  const onLayout = () => {
    useWorkflowEditorStore.getState().layout(measured);
    requestAnimationFrame(() => void fitView({ maxZoom: 1, duration: 300 }));
  };

  return (
    <div className="ui-editor">
      <EditorToolbar onLayout={onLayout} />
      <EditorNotices />
      <EditorWorkspace measured={measured} onMeasured={onMeasured} />
    </div>
  );
}

/** /v1/workflow/{id}: the editor of one approval workflow, its canvas, settings and problems. */
export function WorkflowEditorPage() {
  const { id = '' } = useParams();
  const { isLoaded, loadErrorKey, retry } = useOpenWorkflow(id);

  if (!isLoaded || loadErrorKey) return <WorkflowLoadState loadErrorKey={loadErrorKey} retry={retry} />;
  return (
    <ReactFlowProvider>
      <WorkflowEditor />
    </ReactFlowProvider>
  );
}
