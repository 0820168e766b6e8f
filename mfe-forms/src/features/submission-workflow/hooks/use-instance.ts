import type { InstanceResponse } from '@formwerk/contracts';
import { ApiError } from '@formwerk/platform';
import { useCallback, useEffect, useState } from 'react';
import { toErrorKey } from '../../../utils/error-key';
import { findInstance } from '../api/submission-workflow-api';

type InstanceLoad =
  | { status: 'loading' }
  | { status: 'none' }
  | { status: 'failed'; errorKey: string }
  | { status: 'ready'; instance: InstanceResponse };

// A submission without an approval (or an id that is none of the team's submissions) has nothing to show.
const noneCodes = new Set<ApiError['code']>(['NOT_FOUND', 'VALIDATION_FAILED']);

/**
 * The approval of one submission. `reload` reads it again after a change (keeping the page as it is
 * while it loads); `retry` starts over after a failure.
 */
export function useInstance(submissionId: string) {
  const [load, setLoad] = useState<InstanceLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how "Try again" loads once more.
  useEffect(() => {
    let isCurrent = true;
    setLoad({ status: 'loading' });
    findInstance(submissionId).then(
      (instance) => isCurrent && setLoad({ status: 'ready', instance }),
      (error: unknown) => {
        if (!isCurrent) return;
        setLoad(
          error instanceof ApiError && noneCodes.has(error.code)
            ? { status: 'none' }
            : { status: 'failed', errorKey: toErrorKey(error) },
        );
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [submissionId, attempt]);

  const reload = useCallback(
    async () => setLoad({ status: 'ready', instance: await findInstance(submissionId) }),
    [submissionId],
  );
  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  return { load, reload, retry };
}
