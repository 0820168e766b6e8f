import { useEffect } from 'react';
import { useFormBuilderStore } from '../stores/form-builder-store';

const autosaveDelayMs = 800;

type Revisions = { revision: number; savedRevision: number };

const hasUnsavedChanges = ({ revision, savedRevision }: Revisions) => revision !== savedRevision;

const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();

/** Asks before the tab closes only while changes are not yet stored (a listener kept on costs the back-forward cache). */
function guardUnload(state: Revisions) {
  if (hasUnsavedChanges(state)) window.addEventListener('beforeunload', onBeforeUnload);
  else window.removeEventListener('beforeunload', onBeforeUnload);
}

/**
 * Saves a moment after the author stops changing the form, and asks before the tab closes while
 * changes are not yet stored. It listens to the store rather than selecting from it: a selection
 * would draw the whole builder page again on every change.
 */
export function useAutosave() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    guardUnload(useFormBuilderStore.getState());
    const unsubscribe = useFormBuilderStore.subscribe((state, previous) => {
      const isChanged = state.revision !== previous.revision;
      if (!isChanged && state.savedRevision === previous.savedRevision) return;
      guardUnload(state);
      // Every change restarts the wait, so a burst of typing is saved once.
      if (isChanged || !hasUnsavedChanges(state)) clearTimeout(timer);
      if (isChanged && hasUnsavedChanges(state))
        timer = setTimeout(() => void useFormBuilderStore.getState().save(), autosaveDelayMs);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
      window.removeEventListener('beforeunload', onBeforeUnload);
      // Leaving the builder within the wait still saves what was typed last.
      const state = useFormBuilderStore.getState();
      if (hasUnsavedChanges(state)) void state.save();
    };
  }, []);
}
