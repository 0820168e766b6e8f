import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const sorts = ['updatedAt', 'createdAt', 'title'] as const;
const orders = ['desc', 'asc'] as const;

export type ListSort = (typeof sorts)[number];
export type ListOrder = (typeof orders)[number];
export type ListParams = { search: string; sort: ListSort; order: ListOrder; page: number };
export type ChangeListParams = (change: Partial<ListParams>, options?: { replace?: boolean }) => void;

const defaults: ListParams = { search: '', sort: 'updatedAt', order: 'desc', page: 1 };

const oneOf = <Value extends string>(values: readonly Value[], raw: string | null, fallback: Value): Value =>
  values.find((value) => value === raw) ?? fallback;

/** The list's params as the address gives them, defaults for what it leaves out or gets wrong. */
export function readListParams(searchParams: URLSearchParams): ListParams {
  const page = Number(searchParams.get('page'));
  return {
    search: searchParams.get('search') ?? defaults.search,
    sort: oneOf(sorts, searchParams.get('sort'), defaults.sort),
    order: oneOf(orders, searchParams.get('order'), defaults.order),
    page: Number.isInteger(page) && page >= 1 ? page : defaults.page,
  };
}

/**
 * The list's search, sort and page live in the address (?search=…&sort=…&order=…&page=…), so reload,
 * back and forward and a shared link show the same list. Values left at their default stay out of it.
 */
export function useListParams(): [ListParams, ChangeListParams] {
  const [searchParams, setSearchParams] = useSearchParams();

  const changeParams = useCallback<ChangeListParams>(
    (change, { replace = false } = {}) =>
      setSearchParams(
        (current) => {
          const next = { ...readListParams(current), ...change };
          const kept = Object.entries(next).filter(([key, value]) => value !== defaults[key as keyof ListParams]);
          return new URLSearchParams(kept.map(([key, value]) => [key, String(value)]));
        },
        { replace },
      ),
    [setSearchParams],
  );

  return [readListParams(searchParams), changeParams];
}
