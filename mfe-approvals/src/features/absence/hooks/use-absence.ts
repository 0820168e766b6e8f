import type { Absence } from '@formwerk/contracts';
import { useCallback, useEffect, useState } from 'react';
import { toErrorKey } from '../../../utils/error-key';
import { findAbsence } from '../api/absence-api';

type AbsenceLoad =
  | { status: 'loading' }
  | { status: 'failed'; errorKey: string }
  | { status: 'ready'; absence: Absence | null };

/**
 * The reader's absence; `retry` asks again after a failure, `replace` takes what a save or an end
 * answered without asking again.
 */
export function useAbsence(): { load: AbsenceLoad; retry: () => void; replace: (absence: Absence | null) => void } {
  const [load, setLoad] = useState<AbsenceLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how "Try again" loads once more.
  useEffect(() => {
    let isCurrent = true;
    setLoad({ status: 'loading' });
    findAbsence().then(
      ({ absence }) => isCurrent && setLoad({ status: 'ready', absence }),
      (error: unknown) => isCurrent && setLoad({ status: 'failed', errorKey: toErrorKey(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [attempt]);

  return {
    load,
    retry: useCallback(() => setAttempt((count) => count + 1), []),
    replace: useCallback((absence: Absence | null) => setLoad({ status: 'ready', absence }), []),
  };
}
