import type { DocumentListResponse } from '@formwerk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type DocumentListParams, listDocuments } from '../api/library-api';
import { toErrorKey } from '../utils/error-key';

/**
 * One page of the team's documents with its folders and storage, read again whenever the address's
 * folder, search or page change, and on `reload` (after an upload or a change). A list that answers
 * after a later request is dropped; while a new one loads, the last one stays on screen.
 */
export function useLibrary({ page, folderId, search }: DocumentListParams) {
  const [list, setList] = useState<DocumentListResponse | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const latestRequest = useRef(0);

  const reload = useCallback(() => {
    const request = ++latestRequest.current;
    setIsLoading(true);
    setErrorKey(null);
    listDocuments({ page, folderId, search }).then(
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
  }, [page, folderId, search]);

  useEffect(reload, [reload]);

  return { list, errorKey, isLoading, reload };
}
