import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as mydataApi from './mydata-api';

const mydataQueryKey = (token: string) => ['account', 'mydata', token] as const;

const mydataQuery = (token: string) =>
  queryOptions({
    queryKey: mydataQueryKey(token),
    queryFn: () => mydataApi.findPersonalData(token),
    // What was sent does not change while the page is open; a refetch on focus would only cost the limit.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePersonalData = (token: string) => useQuery(mydataQuery(token));

/** Erases the data; afterwards nothing of it stays in the cache either. */
export function useErasePersonalData(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => mydataApi.erasePersonalData(token),
    onSuccess: () => client.removeQueries({ queryKey: mydataQueryKey(token), exact: true }),
  });
}
