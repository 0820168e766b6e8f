import type { CreateDocumentShareRequest } from '@formwerk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createShare, listShares, listTeamGroups, revokeShare } from '../api/sharing-api';

const sharesKey = (documentId: string) => ['documents', 'shares', documentId] as const;

/** Who a document is shared with, the team's groups to share with, and sharing and taking back. */
export function useDocumentShares(documentId: string | null) {
  const queryClient = useQueryClient();
  const shares = useQuery({
    queryKey: sharesKey(documentId ?? ''),
    queryFn: () => listShares(documentId ?? ''),
    enabled: documentId !== null,
    // Read afresh each time the dialog opens: others share and take back meanwhile, and a person shared
    // with by address may since have made an account (their name then shows).
    staleTime: 0,
  });
  const groups = useQuery({ queryKey: ['team', 'groups'], queryFn: listTeamGroups, enabled: documentId !== null });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sharesKey(documentId ?? '') });
  const share = useMutation({
    mutationFn: (request: CreateDocumentShareRequest) => createShare(documentId ?? '', request),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (shareId: string) => revokeShare(documentId ?? '', shareId),
    onSuccess: refresh,
  });
  return { shares, groups, share, revoke };
}
