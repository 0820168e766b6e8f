import { useEffect } from 'react';
import { useFormBuilderStore } from '../stores/form-builder-store';

const autosaveDelayMs = 800;

/**
 * Saves a moment after the author stops changing the form, and asks before the tab closes while
 * changes are not yet stored.
 */
export function useAutosave() {
  const revision = useFormBuilderStore((state) => state.revision);
  const savedRevision = useFormBuilderStore((state) => state.savedRevision);
  const save = useFormBuilderStore((state) => state.save);
  const hasUnsavedChanges = revision !== savedRevision;

  // biome-ignore lint/correctness/useExhaustiveDependencies: every change (`revision`) restarts the wait, so a burst of typing is saved once.
  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const timer = setTimeout(() => void save(), autosaveDelayMs);
    return () => clearTimeout(timer);
  }, [hasUnsavedChanges, revision, save]);

  // Leaving the builder within the wait still saves what was typed last.
  useEffect(
    () => () => {
      const state = useFormBuilderStore.getState();
      if (state.revision !== state.savedRevision) void state.save();
    },
    [],
  );

  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsavedChanges]);
}
