import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryClient } from '../../../query/area-queries';
import * as storageApi from './storage-api';

export const storageQueryKey = ['account', 'storage'] as const;

const storageQuery = () => queryOptions({ queryKey: storageQueryKey, queryFn: storageApi.findStorage });

/** The team's storage, asked for while the page's code is still coming (AreaModule.prefetch). */
export function prefetchStorage(): void {
  void queryClient.prefetchQuery(storageQuery());
}

export const useStorage = () => useQuery(storageQuery());

/**
 * Deletes a file; its answer is the overview the page shows at once. A refusal reads the overview again:
 * the file may be gone already, or the page may have shown a state that is gone.
 */
export function useDeleteStoredFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: storageApi.deleteStoredFile,
    onSuccess: (overview) => client.setQueryData(storageQueryKey, overview),
    onError: () => client.invalidateQueries({ queryKey: storageQueryKey, exact: true }),
  });
}
