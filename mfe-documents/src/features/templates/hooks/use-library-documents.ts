import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { findLibraryDocuments } from '../api/templates-api';
import { toErrorKey } from '../utils/error-key';

const searchDelayMs = 300;

/**
 * The library's documents named like `search` (its first page, newest first), read again once typing
 * pauses, while `isActive`. `hasAny` tells whether the library holds any document at all.
 */
export function useLibraryDocuments(search: string, isActive: boolean) {
  const words = search.trim();
  const [settled, setSettled] = useState(words);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(words), words ? searchDelayMs : 0);
    return () => clearTimeout(timer);
  }, [words]);
  const query = useQuery({
    queryKey: ['documents', 'library', 'choose', settled],
    queryFn: () => findLibraryDocuments(settled),
    enabled: isActive,
    placeholderData: keepPreviousData,
  });
  // Whether the library has anything is known from an answer to no search at all.
  const all = useQuery({
    queryKey: ['documents', 'library', 'choose', ''],
    queryFn: () => findLibraryDocuments(''),
    enabled: isActive,
  });
  return {
    documents: query.data?.documents ?? [],
    hasAny: all.data ? all.data.total > 0 : null,
    errorKey: query.isError ? toErrorKey(query.error) : null,
    isLoading: query.isFetching || words !== settled,
  };
}
