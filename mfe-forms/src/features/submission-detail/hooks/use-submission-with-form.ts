import type { FormResponse, SubmissionDto } from '@formwerk/contracts';
import { ApiError } from '@formwerk/platform';
import { useCallback, useEffect, useState } from 'react';
import { toErrorKey } from '../../../utils/error-key';
import { findSubmissionWithForm } from '../api/submission-detail-api';

export type SubmissionLoad =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'failed'; errorKey: string }
  | { status: 'ready'; submission: SubmissionDto; form: FormResponse };

// An id that is no submission of the team (or not even shaped like one) is simply not found.
const notFoundCodes = new Set<ApiError['code']>(['NOT_FOUND', 'VALIDATION_FAILED']);

/** Loads a submission and its form; `retry` loads them again after a failure. */
export function useSubmissionWithForm(submissionId: string): { load: SubmissionLoad; retry: () => void } {
  const [load, setLoad] = useState<SubmissionLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how "Try again" loads once more.
  useEffect(() => {
    let isCurrent = true;
    setLoad({ status: 'loading' });
    findSubmissionWithForm(submissionId).then(
      ({ submission, form }) => isCurrent && setLoad({ status: 'ready', submission, form }),
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
  }, [submissionId, attempt]);

  return { load, retry: useCallback(() => setAttempt((count) => count + 1), []) };
}
