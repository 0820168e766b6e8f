import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const objectId = /^[0-9a-f]{24}$/;

/**
 * Where the requests are in the library's address: `?view=requests&page=2` lists them, `?request={id}`
 * shows one. `requestId` is null on the list, '' for an id that cannot be one (an old or mistyped link).
 */
export function useRequestsParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Number(searchParams.get('page'));
  const requested = searchParams.get('request');
  const changePage = useCallback(
    (next: number, { replace = false } = {}) =>
      setSearchParams(
        () => {
          const query = new URLSearchParams({ view: 'requests' });
          if (next !== 1) query.set('page', String(next));
          return query;
        },
        { replace },
      ),
    [setSearchParams],
  );
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    requestId: requested === null ? null : objectId.test(requested) ? requested : '',
    changePage,
  };
}
