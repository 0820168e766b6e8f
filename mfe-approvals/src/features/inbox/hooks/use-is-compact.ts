import { compactMedia } from '@formwerk/ui';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(compactMedia);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the page is laid out for a phone (the one breakpoint of packages/ui), following resizes and zoom. */
export const useIsCompact = () => useSyncExternalStore(subscribe, () => window.matchMedia(compactMedia).matches);
