import type { InboxResponse } from '@formwerk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toErrorKey } from '../../../utils/error-key';
import { listTasks } from '../api/inbox-api';
import type { InboxParams } from './use-inbox-params';

/**
 * One page of one tab of the inbox, read again whenever the params change or `reload` is called. The
 * previous page stays on screen while the next one loads.
 */
export function useInbox({ tab, search, workflowId, page }: InboxParams) {
  const [list, setList] = useState<InboxResponse | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  // Answers can arrive out of order while someone types or switches tabs: only the latest is shown.
  const latestRequest = useRef(0);

  const reload = useCallback(() => {
    const request = ++latestRequest.current;
    setIsLoading(true);
    setErrorKey(null);
    listTasks({ tab, search, workflowId, page }).then(
      (result) => {
        if (request !== latestRequest.current) return;
        setList(result);
        setIsLoading(false);
      },
      (error: unknown) => {
        if (request !== latestRequest.current) return;
        setErrorKey(toErrorKey(error));
        setIsLoading(false);
      },
    );
  }, [tab, search, workflowId, page]);

  useEffect(reload, [reload]);

  return { list, errorKey, isLoading, reload };
}
