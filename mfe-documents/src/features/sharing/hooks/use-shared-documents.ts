import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listSharedWithMe } from '../api/sharing-api';

/** A page of what others shared with me; the last page stays on screen while the next loads. */
export function useSharedDocuments(page: number) {
  return useQuery({
    queryKey: ['documents', 'shared-with-me', page],
    queryFn: () => listSharedWithMe(page),
    placeholderData: keepPreviousData,
  });
}
