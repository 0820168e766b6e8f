import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type DocumentListParams, listDocuments } from '../api/library-api';
import { toErrorKey } from '../utils/error-key';

/** Every list of the library (each page, folder and search) is under this key. */
export const libraryQueryKey = ['documents', 'library'] as const;

/**
 * One page of the team's documents with its folders and storage, for the address's folder, search and
 * page; while another loads, the last one stays on screen. `reload` marks every list of the library
 * stale (after an upload or a change), which reads the shown one again.
 */
export function useLibrary(params: DocumentListParams) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...libraryQueryKey, params],
    queryFn: () => listDocuments(params),
    placeholderData: keepPreviousData,
  });
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: libraryQueryKey });
  }, [queryClient]);
  return {
    list: query.data ?? null,
    errorKey: query.isError ? toErrorKey(query.error) : null,
    isLoading: query.isFetching,
    reload,
  };
}
