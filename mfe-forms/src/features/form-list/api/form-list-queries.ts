import type { PageTarget } from '@formwerk/platform';
import { queryOptions } from '@tanstack/react-query';
import { queryClient } from '../../../query/area-queries';
import { type ListParams, readListParams } from '../hooks/use-list-params';
import { listForms } from './form-list-api';

export const pageSize = 20;

/** Every page of both lists: what a change to a form marks as stale. */
export const formListsKey = ['forms', 'lists'] as const;

/**
 * One page of the team's forms (the archived ones when `archived`). Fresh for a second only: long enough
 * for the page to take what its route asked for ahead (prefetchFormList), short enough that coming back
 * to the list reads it again while the last answer shows.
 */
export const formListQuery = (params: ListParams, archived: boolean) =>
  queryOptions({
    queryKey: [...formListsKey, { ...params, archived }],
    queryFn: () => listForms({ ...params, pageSize, archived }),
    staleTime: 1_000,
  });

/** The list the address names, asked for while the page's code is still coming (AreaModule.prefetch). */
export function prefetchFormList({ search }: PageTarget, archived: boolean): void {
  void queryClient.prefetchQuery(formListQuery(readListParams(search), archived));
}
