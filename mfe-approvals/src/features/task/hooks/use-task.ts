import type { TaskDetailResponse } from '@formwerk/contracts';
import { ApiError } from '@formwerk/platform';
import { useCallback, useEffect, useState } from 'react';
import { toErrorKey } from '../../../utils/error-key';
import { findTask } from '../api/task-api';

type TaskLoad =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'failed'; errorKey: string }
  | { status: 'ready'; detail: TaskDetailResponse };

// An id that is no task of the reader's (or not even shaped like one) is simply not found.
const notFoundCodes = new Set<ApiError['code']>(['NOT_FOUND', 'VALIDATION_FAILED']);

/**
 * One task as the reader may see it. `show` puts a newer state in place (a decision answers with it);
 * `refresh` reads it again after another change and keeps the page as it is if that fails.
 */
export function useTask(taskId: string) {
  const [load, setLoad] = useState<TaskLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how "Try again" loads once more.
  useEffect(() => {
    let isCurrent = true;
    setLoad({ status: 'loading' });
    findTask(taskId).then(
      (detail) => isCurrent && setLoad({ status: 'ready', detail }),
      (error: unknown) => {
        if (!isCurrent) return;
        setLoad(
          error instanceof ApiError && notFoundCodes.has(error.code)
            ? { status: 'not-found' }
            : { status: 'failed', errorKey: toErrorKey(error) },
        );
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [taskId, attempt]);

  const show = useCallback((detail: TaskDetailResponse) => setLoad({ status: 'ready', detail }), []);
  const refresh = useCallback(async () => show(await findTask(taskId)), [taskId, show]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  return { load, show, refresh, retry };
}
