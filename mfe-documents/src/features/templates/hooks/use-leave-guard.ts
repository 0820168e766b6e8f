import { useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, useBlocker } from 'react-router';

/**
 * While there is work that would be lost, leaving asks first: a link inside the site (another page,
 * another template or document, back to the list) is held by the router until the author decides
 * (`blocker`), and closing or reloading the tab gets the browser's own question. `param` is the query
 * parameter naming what is edited (`template`, or `send` for a document's fields).
 */
export function useLeaveGuard(hasWork: boolean, param: 'template' | 'send') {
  // Read when a navigation starts: a page that lets go (a request just sent) and navigates in the same
  // commit is not held by the guard of the render before.
  const hasWorkNow = useRef(hasWork);
  useLayoutEffect(() => {
    hasWorkNow.current = hasWork;
  }, [hasWork]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    const editedIn = (location: Location) => new URLSearchParams(location.search).get(param);
    return (
      hasWorkNow.current &&
      (currentLocation.pathname !== nextLocation.pathname || editedIn(currentLocation) !== editedIn(nextLocation))
    );
  });

  useEffect(() => {
    if (!hasWork) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasWork]);

  return blocker;
}
