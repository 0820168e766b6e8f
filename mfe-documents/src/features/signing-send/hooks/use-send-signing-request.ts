import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendSigningRequest } from '../api/signing-send-api';

/** Every list of the team's signing requests is under this key (features/signing-requests). */
const signingRequestsQueryKey = ['documents', 'signing-requests'] as const;

/** Sends a request; the lists of requests sent are read again, so that the new one shows there. */
export function useSendSigningRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSigningRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signingRequestsQueryKey }),
  });
}
