import { useEffect, useState } from 'react';
import { toErrorKey } from '../../../utils/error-key';

export type OnDemand<Result> = {
  result: Result | null;
  isLoading: boolean;
  errorKey: string | null;
  retry: () => void;
};

/**
 * Reads `read()` once `isWanted` first holds and keeps the answer for the card's life: the team's
 * people and workflows are asked for only when the form opens or the absence names workflows.
 * `read` is a module's function, the same at every render.
 */
export function useOnDemand<Result>(read: () => Promise<Result>, isWanted: boolean): OnDemand<Result> {
  const [result, setResult] = useState<Result | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const isLoading = isWanted && result === null && errorKey === null;

  useEffect(() => {
    if (!isLoading) return;
    let isCurrent = true;
    read().then(
      (answer) => isCurrent && setResult(answer),
      (error: unknown) => isCurrent && setErrorKey(toErrorKey(error)),
    );
    return () => {
      isCurrent = false;
    };
  }, [isLoading, read]);

  // Forgetting the failure makes the read wanted again.
  return { result, isLoading, errorKey, retry: () => setErrorKey(null) };
}
