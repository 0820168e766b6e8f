import { useEffect } from 'react';
import { type Location, useBlocker } from 'react-router';

const templateOf = (location: Location) => new URLSearchParams(location.search).get('template');

/**
 * While there are unsaved changes, leaving the template asks first: a link inside the site (another
 * page, another template, back to the list) is held by the router until the author decides (`blocker`),
 * and closing or reloading the tab gets the browser's own question.
 */
export function useLeaveGuard(hasUnsavedChanges: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges &&
      (currentLocation.pathname !== nextLocation.pathname || templateOf(currentLocation) !== templateOf(nextLocation)),
  );

  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsavedChanges]);

  return blocker;
}
