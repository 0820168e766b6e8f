import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { listTemplates } from '../api/templates-api';
import { toErrorKey } from '../utils/error-key';

/** Every page of the template list is under this key. */
const templatesQueryKey = ['documents', 'templates'] as const;

/**
 * One page of the team's templates; while another loads, the last one stays on screen. `reload` marks
 * every page stale (after a change), which reads the shown one again.
 */
export function useTemplates(page: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...templatesQueryKey, page],
    queryFn: () => listTemplates(page),
    placeholderData: keepPreviousData,
  });
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: templatesQueryKey });
  }, [queryClient]);
  return {
    list: query.data ?? null,
    errorKey: query.isError ? toErrorKey(query.error) : null,
    isLoading: query.isFetching,
    reload,
  };
}
