import { useEffect, useState } from 'react';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';

/**
 * Opens workflow `workflowId` for the editor and its screen pages, which share one draft: moving
 * between them keeps unsaved changes; otherwise the stored workflow is read afresh. Asks before the tab
 * closes while changes are not saved. `retry` reads it once more after a failure.
 */
export function useOpenWorkflow(workflowId: string) {
  const open = useWorkflowEditorStore((state) => state.open);
  const loadedId = useWorkflowEditorStore((state) => state.workflowId);
  const loadErrorKey = useWorkflowEditorStore((state) => state.loadErrorKey);
  const hasUnsavedChanges = useWorkflowEditorStore((state) => state.change !== state.savedChange);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how "Try again" reads once more.
  useEffect(() => {
    const state = useWorkflowEditorStore.getState();
    if (state.workflowId === workflowId && state.change !== state.savedChange) return;
    void open(workflowId);
  }, [workflowId, open, attempt]);

  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsavedChanges]);

  return { isLoaded: loadedId === workflowId, loadErrorKey, retry: () => setAttempt((count) => count + 1) };
}
