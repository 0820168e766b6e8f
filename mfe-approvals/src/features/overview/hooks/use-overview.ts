import type { ApprovalsOverviewResponse } from '@formwerk/contracts';
import { useCallback, useEffect, useState } from 'react';
import { toErrorKey } from '../../../utils/error-key';
import { findOverview } from '../api/overview-api';

type OverviewLoad =
  | { status: 'loading' }
  | { status: 'failed'; errorKey: string }
  | { status: 'ready'; overview: ApprovalsOverviewResponse };

/** The start page's counts and lists; `retry` asks again after a failure. */
export function useOverview(): { load: OverviewLoad; retry: () => void } {
  const [load, setLoad] = useState<OverviewLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how "Try again" loads once more.
  useEffect(() => {
    let isCurrent = true;
    setLoad({ status: 'loading' });
    findOverview().then(
      (overview) => isCurrent && setLoad({ status: 'ready', overview }),
      (error: unknown) => isCurrent && setLoad({ status: 'failed', errorKey: toErrorKey(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [attempt]);

  return { load, retry: useCallback(() => setAttempt((count) => count + 1), []) };
}
