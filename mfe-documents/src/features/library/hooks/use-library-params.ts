import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** `folder` is '' for every folder. */
export type LibraryParams = { page: number; search: string; folder: string };
export type ChangeLibraryParams = (change: Partial<LibraryParams>, options?: { replace?: boolean }) => void;

const defaults: LibraryParams = { page: 1, search: '', folder: '' };
const objectId = /^[0-9a-f]{24}$/;

function readParams(searchParams: URLSearchParams): LibraryParams {
  const page = Number(searchParams.get('page'));
  const folder = searchParams.get('folder') ?? '';
  return {
    page: Number.isInteger(page) && page >= 1 ? page : defaults.page,
    search: (searchParams.get('q') ?? '').slice(0, 100),
    folder: objectId.test(folder) ? folder : defaults.folder,
  };
}

/** The address's query for `params`: values left at their default stay out of it. */
export function toLibraryQuery({ page, search, folder }: LibraryParams): URLSearchParams {
  const query = new URLSearchParams();
  if (folder) query.set('folder', folder);
  if (search) query.set('q', search);
  if (page !== 1) query.set('page', String(page));
  return query;
}

/**
 * The library's folder, search and page live in the address (?folder=…&q=…&page=2), so reload, back
 * and forward, and a shared link show the same list.
 */
export function useLibraryParams(): [LibraryParams, ChangeLibraryParams] {
  const [searchParams, setSearchParams] = useSearchParams();
  const changeParams = useCallback<ChangeLibraryParams>(
    (change, { replace = false } = {}) =>
      setSearchParams((current) => toLibraryQuery({ ...readParams(current), ...change }), { replace }),
    [setSearchParams],
  );
  return [readParams(searchParams), changeParams];
}
