import type { SigningView } from '@formwerk/contracts';
import { useSessionStore } from '@formwerk/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { findSignatureMarks } from '../../signature-template/api/signature-marks-api';
import {
  approveDocument,
  delegateSigning,
  endSigning,
  findSigningView,
  sendSigningCode,
  signDocument,
  verifySigningCode,
} from '../api/signer-api';
import type { FieldValues } from '../utils/field-values';

const viewKey = (token: string) => ['signing', token] as const;
/** How often the page asks whether a signed copy being sealed is ready (sealing takes seconds). */
const sealingPollMs = 3000;

/** What the link may do now; asked again every few seconds while the signed copy is being sealed. */
export function useSigningView(token: string) {
  return useQuery({
    queryKey: viewKey(token),
    queryFn: () => findSigningView(token),
    enabled: token !== '',
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'sealing' ? sealingPollMs : false),
  });
}

/**
 * The recipient's steps. Each answer that is the view replaces it; a refusal (expired, closed, not
 * verified any more) reads the view again, so the page shows what the link may do now.
 */
export function useSigningActions(token: string) {
  const queryClient = useQueryClient();
  const setView = (view: SigningView) => queryClient.setQueryData(viewKey(token), view);
  const reread = () => queryClient.invalidateQueries({ queryKey: viewKey(token) });
  const code = useMutation({ mutationFn: () => sendSigningCode(token) });
  const verify = useMutation({ mutationFn: (entered: string) => verifySigningCode(token, entered), onSuccess: reread });
  const finish = useMutation({
    mutationFn: ({ kind, values }: { kind: 'signer' | 'approver'; values: FieldValues }) =>
      kind === 'signer' ? signDocument(token, values) : approveDocument(token, values),
    onSuccess: setView,
    onError: reread,
  });
  const end = useMutation({
    mutationFn: ({ outcome, reason }: { outcome: 'decline' | 'reject'; reason: string }) =>
      endSigning(token, outcome, reason),
    onSuccess: setView,
  });
  const delegate = useMutation({
    mutationFn: (person: { name: string; email: string }) => delegateSigning(token, person),
  });
  return { code, verify, finish, end, delegate, reread };
}

/**
 * The visitor's saved signature and initials, when they happen to be signed in to the app: asked only
 * with a session (a guest is never sent to the api for them), none when that fails.
 */
export function useSavedMarks() {
  const isSignedIn = useSessionStore((state) => state.user !== null);
  return useQuery({
    queryKey: ['signature-marks', 'for-signing'],
    queryFn: findSignatureMarks,
    enabled: isSignedIn,
    retry: false,
  });
}
