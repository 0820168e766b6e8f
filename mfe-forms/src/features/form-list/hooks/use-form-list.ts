import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toErrorKey } from '../../../utils/error-key';
import { formListQuery } from '../api/form-list-queries';
import type { ListParams } from './use-list-params';

/**
 * One page of the team's forms (the archived ones when `archived`), read again whenever the params
 * change or `reload` is called. The previous page stays on screen while the next one loads, and only
 * the answer for the current params is shown, however the answers arrive.
 */
export function useFormList(params: ListParams, archived: boolean) {
  const query = useQuery({ ...formListQuery(params, archived), placeholderData: keepPreviousData });
  return {
    list: query.data ?? null,
    errorKey: query.error ? toErrorKey(query.error) : null,
    isLoading: query.isFetching,
    reload: () => void query.refetch(),
  };
}
