import type { SigningRequest, SigningRequestStatus } from '@formwerk/contracts';
import { ApiError } from '@formwerk/platform';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  cancelSigningRequest,
  deleteSigningRequest,
  findSigningRequest,
  listSigningRequests,
} from '../api/signing-requests-api';
import { toErrorKey } from '../utils/error-key';

/** Every list of the team's signing requests, and each request, is under this key (sending marks it stale). */
const signingRequestsQueryKey = ['documents', 'signing-requests'] as const;
const requestKey = (requestId: string) => [...signingRequestsQueryKey, 'request', requestId] as const;

/** How often an open request is read again, so the sender sees people act (and the sealing end). */
const openRequestPollMs = 5000;
const isOpen = (status: SigningRequestStatus | undefined) => status === 'sent' || status === 'sealing';

/** One page of the team's requests, newest first; while another loads, the last one stays on screen. */
export function useSigningRequests(page: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...signingRequestsQueryKey, 'list', page],
    queryFn: () => listSigningRequests(page),
    placeholderData: keepPreviousData,
  });
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: signingRequestsQueryKey });
  }, [queryClient]);
  return {
    list: query.data ?? null,
    errorKey: query.isError ? toErrorKey(query.error) : null,
    isLoading: query.isFetching,
    reload,
  };
}

/**
 * One request with its people and audit trail, read again every few seconds while it is open (not in
 * a hidden tab: TanStack Query pauses the interval there), withdrawing it, and deleting it once closed.
 */
export function useSigningRequest(requestId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: requestKey(requestId),
    queryFn: () => findSigningRequest(requestId),
    refetchInterval: (current) => (isOpen(current.state.data?.status) ? openRequestPollMs : false),
  });
  const cancel = useMutation({
    mutationFn: () => cancelSigningRequest(requestId),
    onSuccess: (cancelled: SigningRequest) => {
      queryClient.setQueryData(requestKey(requestId), cancelled);
      void queryClient.invalidateQueries({ queryKey: [...signingRequestsQueryKey, 'list'] });
    },
    // Closed meanwhile (signed to the end, declined, expired): what it is now shows.
    onError: () => queryClient.invalidateQueries({ queryKey: requestKey(requestId) }),
  });
  const remove = useMutation({
    mutationFn: () => deleteSigningRequest(requestId),
    // Marked stale, not read now: its page is left at once (read again it would be a 404), and each list
    // is read anew where it shows next.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signingRequestsQueryKey, refetchType: 'none' }),
    // Still running meanwhile (or its last mails on their way): what it is now shows.
    onError: () => queryClient.invalidateQueries({ queryKey: requestKey(requestId) }),
  });
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: requestKey(requestId) });
  }, [queryClient, requestId]);
  return {
    request: query.data ?? null,
    errorKey: query.isError ? toErrorKey(query.error) : null,
    isNotFound: query.error instanceof ApiError && query.error.code === 'NOT_FOUND',
    isLoading: query.isPending,
    reload,
    cancel,
    remove,
  };
}
